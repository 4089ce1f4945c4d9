/**
 * Every chat-service call with an ended session (destroyed, or unknown as after expiry) answers
 * 401 `{"errors":["Required session does not exist"]}` — the text that makes the SDK's
 * session-expired hook fire (docs/wire/hosted-chat.md §2.6, §21.3). Time-based expiry itself is
 * tested against the database in tests/unit/server/qb-sessions.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { qbClient } from '../support/qb';

const stack = inject('stack');
const qb = qbClient(stack.url);
let ended = '';

const ID = 'ffffffffffffffffffffffff';
const CALLS: Array<[string, string]> = [
  ['GET', '/session.json'],
  ['DELETE', '/session.json'],
  ['POST', '/login.json'],
  ['DELETE', '/login.json'],
  ['GET', '/users.json'],
  ['POST', '/users.json'],
  ['GET', '/users/200001.json'],
  ['GET', '/users/by_login.json?login=member-ava'],
  ['GET', '/users/by_email.json?email=a@b.co'],
  ['GET', '/users/by_full_name.json?full_name=Ava'],
  ['GET', '/users/by_tags.json?tags=x'],
  ['GET', '/users/by_facebook_id.json?facebook_id=1'],
  ['GET', '/users/by_twitter_id.json?twitter_id=1'],
  ['GET', '/users/phone.json?phone=1'],
  ['GET', '/users/external/1.json'],
  ['DELETE', '/users/external/1.json'],
  ['PUT', '/users/200001.json'],
  ['DELETE', '/users/200001.json'],
  ['GET', '/users/password/reset.json?email=a@b.co'],
  ['GET', '/chat/Dialog.json'],
  ['POST', '/chat/Dialog.json'],
  ['GET', `/chat/Dialog/${ID}.json`],
  ['PUT', `/chat/Dialog/${ID}.json`],
  ['DELETE', `/chat/Dialog/${ID}.json`],
  ['GET', `/chat/Message.json?chat_dialog_id=${ID}`],
  ['POST', '/chat/Message.json'],
  ['PUT', '/chat/Message.json'],
  ['PUT', `/chat/Message/${ID}.json`],
  ['DELETE', `/chat/Message/${ID}.json`],
  ['GET', '/chat/Message/unread.json'],
  ['GET', '/blobs.json'],
  ['POST', '/blobs.json'],
  ['GET', '/blobs/1.json'],
  ['PUT', '/blobs/1.json'],
  ['PUT', '/blobs/1/complete.json'],
  ['DELETE', '/blobs/1.json'],
  ['GET', '/data/Note.json'],
  ['POST', '/data/Note.json'],
  ['GET', `/data/Note/${ID}.json`],
  ['PUT', `/data/Note/${ID}.json`],
  ['DELETE', `/data/Note/${ID}.json`],
  ['DELETE', '/data/Note/by_criteria.json'],
  ['POST', `/data/Note/${ID}/file.json`],
  ['GET', `/data/Note/${ID}/file.json?field_name=f`],
  ['DELETE', `/data/Note/${ID}/file.json`],
  ['POST', '/address_book.json'],
  ['GET', '/address_book.json'],
  ['GET', '/address_book/registered_users.json'],
  ['POST', '/subscriptions.json'],
  ['GET', '/subscriptions.json'],
  ['DELETE', '/subscriptions/1.json'],
  ['POST', '/events.json'],
  ['GET', '/events.json'],
  ['GET', '/events/1.json'],
  ['DELETE', '/events/1.json'],
  ['GET', '/events/1/status.json'],
  ['POST', '/ai/ai_extensions/ai_answer_assist'],
  ['POST', '/ai/ai_extensions/ai_translate'],
];

beforeAll(async () => {
  ended = await qb.memberSession('daniela');
  await qb.call('DELETE', '/session.json', { token: ended });
});

describe('an ended session', () => {
  it.each(CALLS)('%s %s → 401 Required session does not exist', async (method, path) => {
    const answer = await qb.call(method, path, { token: ended, ...(method === 'GET' ? {} : { json: {} }) });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errors: ['Required session does not exist'] });
  });

  it('cannot download a private file with it, by either download path or header', async () => {
    const ava = await qb.memberSession('ava');
    const blob = (
      await qb.call('POST', '/blobs.json', {
        token: ava,
        form: { blob: { name: 'p.txt', content_type: 'text/plain' } },
      })
    ).body.blob;
    expect(blob.public).toBe(false);
    for (const answer of [
      await qb.call('GET', `/blobs/${blob.uid}?token=${ended}`),
      await qb.call('GET', `/blobs/${blob.uid}/download.json?token=${ended}`),
      await qb.call('GET', `/blobs/${blob.uid}/download.json`, { token: ended }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errors: ['Required session does not exist'] });
    }
  });

  it('does not block the calls that need no session', async () => {
    expect((await qb.call('GET', '/account_settings.json', { token: ended })).status).toBe(200);
    expect((await qb.call('POST', '/session.json', { form: qb.signedSessionParams() })).status).toBe(201);
  });
});
