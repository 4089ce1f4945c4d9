/**
 * This language's namespaces of the signed-in shell, one chunk loaded with it (src/app/i18n/index.ts
 * `SHELL_NAMESPACES`): what the shell, the chat, the call host and the banner read on every page.
 */
import calls from './calls.json';
import messages from './messages.json';
import notifications from './notifications.json';
import verification from './verification.json';

export default { calls, messages, notifications, verification };
