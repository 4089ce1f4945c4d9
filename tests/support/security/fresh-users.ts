/**
 * Fresh users for the fuzzers, so that generated calls that end sessions or change data never
 * touch the personas other suites rely on: chat-service members signed up over `/qb`, each
 * request from its own client address so per-address limits do not answer everything.
 */
import { qbClient } from '../qb';
import { someAddress } from './fuzz-run';

let sequence = 0;

export async function qbSessionFrom(qb: ReturnType<typeof qbClient>, user?: Record<string, string>) {
  const answer = await qb.call('POST', '/session.json', {
    form: qb.signedSessionParams(user),
    headers: { 'X-Forwarded-For': someAddress(0xffe000 + (sequence++ % 4096)) },
  });
  if (answer.status !== 201) throw new Error(`fuzz session failed: ${answer.status} ${answer.text}`);
  return answer.body.session.token as string;
}

/** A new member of the chat service with a user session. */
export async function freshChatMember(baseUrl: string) {
  const qb = qbClient(baseUrl);
  const login = `fuzz-member-${Date.now()}-${sequence++}`;
  const password = 'fuzz-chat-2026';
  const created = await qb.call('POST', '/users.json', {
    token: await qbSessionFrom(qb),
    form: { user: { login, password, full_name: 'Fuzz Member' } },
    headers: { 'X-Forwarded-For': someAddress(0xffe000 + (sequence++ % 4096)) },
  });
  if (created.status !== 201)
    throw new Error(`fuzz member sign-up failed: ${created.status} ${created.text}`);
  return {
    login,
    password,
    chatId: created.body.user.id as number,
    token: await qbSessionFrom(qb, { login, password }),
  };
}
