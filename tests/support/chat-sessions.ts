/**
 * The c2s sessions Prosody holds for an account, read through its admin socket (the protocol
 * `prosodyctl shell` speaks, src/server/prosody/admin-socket.ts) — what
 * `prosodyctl shell "c2s:show()"` lists, hibernating ones (XEP-0198) included.
 */
import { prosodyPaths } from '../../src/server/prosody/config';
import { runAdminCommand } from '../../src/server/prosody/admin-socket';

export interface ChatSessionInfo {
  resource: string;
  /** Its connection is gone and it waits to be resumed (XEP-0198 §5). */
  hibernating: boolean;
}

const NODE = /^[0-9]+-[0-9]+$/;

/** Every bound session of the account `{chatId}-{appId}` on the stack in `dataDir`. */
export async function chatSessionsOf(dataDir: string, node: string): Promise<ChatSessionInfo[]> {
  if (!NODE.test(node)) throw new Error(`Not a chat account: ${node}`);
  const lua =
    `> local out = {} for _, s in pairs(prosody.full_sessions) do ` +
    `if s.username == "${node}" then out[#out + 1] = s.resource .. "=" .. (s.hibernating and "h" or "l") end end ` +
    `return "[" .. table.concat(out, ",") .. "]"`;
  const answer = await runAdminCommand(prosodyPaths(dataDir).adminSocket, lua);
  const list = /\[([^\]]*)\]/.exec(answer.result)?.[1];
  if (!answer.ok || list === undefined)
    throw new Error(`Prosody did not list the sessions: ${answer.result}`);
  return list
    .split(',')
    .filter(Boolean)
    .map((item) => {
      const [resource = '', state] = item.split('=');
      return { resource, hibernating: state === 'h' };
    });
}
