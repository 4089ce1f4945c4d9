/** This language's namespaces for the public pages, one chunk (src/app/i18n/index.ts). */
import auth from './auth.json';
import common from './common.json';

export default { auth, common };
