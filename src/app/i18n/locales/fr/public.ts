/** This language's namespace every page reads, one chunk (src/app/i18n/index.ts). */
import common from './common.json';

export default { common };
