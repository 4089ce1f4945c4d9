/** What `npm start` prints once everything runs: the URL and the demo logins (README "Personas"). */
import { personas } from '../../fixtures';
import type { ServerConfig } from './config';

const STATUS_LABEL: Record<string, string> = {
  AUDIT_PASSED: 'approved',
  NEED_AUDIT: 'waiting for review',
  AUDIT_NOT_PASSED: 'not approved',
};

export function printBanner(url: string, config: ServerConfig, database: string | null) {
  const lines = [
    '',
    `Provider portal is running at ${url}`,
    `  API docs   ${url}/api/docs`,
    `  Chat       ${url.replace(/^http/, 'ws')}/xmpp-websocket · ${url}/http-bind · tcp 127.0.0.1:${config.chat.c2sPort || '(auto)'}`,
    `  Data       ${database ?? config.dataDir}`,
    '',
    'Demo logins (provider · email · password):',
    ...personas.providers.map(
      (p) =>
        `  ${p.name.padEnd(18)} ${(STATUS_LABEL[p.auditStatus ?? ''] ?? 'new, no profile yet').padEnd(20)} ${p.email.padEnd(30)} ${p.password}`,
    ),
    '',
    'Members (chat login · password) for the member simulator and chat clients:',
    ...personas.members.map((m) => `  ${m.name.padEnd(18)} ${m.chatLogin.padEnd(16)} ${m.chatPassword}`),
    '',
    'Press Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));
}
