/**
 * Bad input under `/qb` gets the vendor's `{errors}` answer, never a 500 (docs/security.md
 * "Chat-service input"; issue 10 "Bad input"): NUL characters anywhere, numbers no column can
 * hold, nesting deep enough to exhaust a stack, and malformed multipart — thrown at every route
 * the chat-service module registers, then the issue's own cases with their exact answers.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { member } from '../../fixtures';
import { qbClient } from '../support/qb';
import { qbRoutes, type QbRoute } from '../support/qb-routes';
import { startStack, type TestStack } from '../support/stack';

// A stack of its own: thousands of requests, run beside the shared stack's files rather than
// after them (docs/testing.md "How the layers share the machine").
let stack: TestStack;
let qb: ReturnType<typeof qbClient>;
const HUGE = '99999999999999999999999';
const NUMERIC_KEYS = [
  'id',
  'page',
  'per_page',
  'limit',
  'skip',
  'size',
  'expires',
  'user_id',
  'recipient_id',
  'sender_id',
  'blob_id',
  'type',
  'occupants_ids',
  'date_sent',
  'date_sent[lt]',
  'created_at[gt]',
  'updated_at[lt]',
  'last_message_date_sent[gt]',
  'user[ids]',
  'event[date]',
  'event[period]',
];
let routes: QbRoute[] = [];
let token = '';

/** A throwaway user, so no route can harm a persona whatever it accepts. */
async function freshUser(): Promise<string> {
  const app = await qb.createSession();
  const login = `fuzz-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await qb.call('POST', '/users.json', {
    token: app,
    form: { user: { login, password: 'fuzz-pass-2026' } },
  });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${created.text}`);
  return qb.createSession({ login, password: 'fuzz-pass-2026' });
}

// Routes that end the caller's session or user run last.
const ending = (r: QbRoute) => r.method === 'DELETE' && /\/(session|login|users\/:id)\.json$/.test(r.url);

beforeAll(async () => {
  stack = await startStack();
  qb = qbClient(stack.url);
  routes = (await qbRoutes()).sort((a, b) => Number(ending(a)) - Number(ending(b)));
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

// Each case starts signed in: the previous one ended its session on its last routes.
beforeEach(async () => {
  token = await freshUser();
});

const pathOf = (route: QbRoute, param: string) =>
  route.url.replace(/:(\w+)/g, () => param).replace(/^\/qb/, '');

/**
 * Thousands of requests: over kept-alive connections, eight at a time, which costs the test a
 * fraction of `fetch`'s CPU and the machine a fraction of the wall time.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
afterAll(() => agent.destroy());

function send(route: QbRoute, path: string, init: { body?: string; type?: string } = {}) {
  const headers: Record<string, string> = { 'QB-Token': token };
  if (init.type) headers['Content-Type'] = init.type;
  const body = route.method === 'GET' ? undefined : init.body;
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  const url = new URL(stack.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: route.method, path: `/qb${path}`, headers, agent },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Runs `each` on every route, eight routes at a time (the agent's sockets), and joins what they
 * found; the routes that end the caller's session or user run last, one by one.
 */
async function acrossRoutes(each: (route: QbRoute) => Promise<string[]>): Promise<string[]> {
  const queue = routes.filter((r) => !ending(r));
  const found: string[] = [];
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) found.push(...(await each(route)));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  for (const route of routes.filter(ending)) found.push(...(await each(route)));
  return found;
}

const hasBody = (r: QbRoute) => r.method !== 'GET';

describe('every /qb route', () => {
  it('enumerates the routes from the registrations', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', url: '/qb/chat/Message.json' });
  });

  it('answers NUL characters in the query, the body and the path with 422 {errors}', async () => {
    const wrong = await acrossRoutes(async (route) => {
      const found: string[] = [];
      const cases: Array<[string, () => Promise<{ status: number; text: string }>]> = [
        ['query', () => send(route, `${pathOf(route, '1')}?name=a%00b&login=x`)],
        ['query key', () => send(route, `${pathOf(route, '1')}?na%00me=a`)],
      ];
      if (/:\w+/.test(route.url)) cases.push(['path', () => send(route, pathOf(route, 'a%00b'))]);
      if (hasBody(route)) {
        cases.push(
          [
            'form',
            () =>
              send(route, pathOf(route, '1'), {
                body: 'name=a%00b&message=a%00b',
                type: 'application/x-www-form-urlencoded',
              }),
          ],
          [
            'json',
            () =>
              send(route, pathOf(route, '1'), {
                body: '{"user":{"full_name":"a\\u0000b"}}',
                type: 'application/json',
              }),
          ],
        );
      }
      for (const [what, answer] of cases) {
        const { status, text } = await answer();
        if (status !== 422 || !text.includes('"errors"'))
          found.push(`${route.method} ${route.url} ${what} → ${status} ${text.slice(0, 80)}`);
      }
      return found;
    });
    expect(wrong).toEqual([]);
  });

  it('answers nesting deeper than any field with a 4xx', async () => {
    const deepJson = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const deepQuery = `a${'[b]'.repeat(2_000)}=1`;
    const wrong = await acrossRoutes(async (route) => {
      const answers = [await send(route, `${pathOf(route, '1')}?${deepQuery}`)];
      if (hasBody(route))
        answers.push(await send(route, pathOf(route, '1'), { body: deepJson, type: 'application/json' }));
      return answers
        .filter(({ status, text }) => status < 400 || status >= 500 || !text.includes('"errors"'))
        .map(({ status }) => `${route.method} ${route.url} → ${status}`);
    });
    expect(wrong).toEqual([]);
  });

  it('answers numbers no column holds, and malformed multipart, without a 500', async () => {
    const wrong = await acrossRoutes(async (route) => {
      const found: string[] = [];
      for (const number of [HUGE, '9999999999', '-1.5']) {
        const pairs = [
          ...NUMERIC_KEYS.map((k) => `${encodeURIComponent(k)}=${number}`),
          `filter[]=${encodeURIComponent(`number id lt ${number}`)}`,
          `filter[]=${encodeURIComponent(`date created_at gt ${number}`)}`,
          `user_id[lt]=${number}`,
          `weight[gt]=${number}`,
        ];
        const answers = [await send(route, pathOf(route, number))];
        // One pair a request: a route that refuses the first bad value must not hide the next.
        for (const pair of pairs) {
          answers.push(await send(route, `${pathOf(route, '1')}?${pair}`));
          if (hasBody(route))
            answers.push(
              await send(route, pathOf(route, '1'), {
                body: pair,
                type: 'application/x-www-form-urlencoded',
              }),
            );
        }
        for (const { status, text } of answers)
          if (status >= 500)
            found.push(`${route.method} ${route.url} ${number} → ${status} ${text.slice(0, 80)}`);
      }
      if (route.method === 'POST') {
        for (const body of [
          'garbage',
          '--XX\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
        ]) {
          const { status, text } = await send(route, pathOf(route, '1'), {
            body,
            type: 'multipart/form-data; boundary=XX',
          });
          if (status >= 500)
            found.push(`${route.method} ${route.url} multipart → ${status} ${text.slice(0, 80)}`);
        }
      }
      return found;
    });
    expect(wrong).toEqual([]);
    // Several thousand requests: work, not a wait, and a loaded machine does it slowly.
  }, 600_000);
});

describe("the issue's cases", () => {
  it('answers an out-of-range date_sent filter and user filter with 422', async () => {
    const ava = await qb.memberSession('ava');
    const dialog = await qb.call('POST', '/chat/Dialog.json', {
      token: ava,
      form: { type: 3, occupants_ids: `${member('emma').chatId}` },
    });
    const messages = await qb.call(
      'GET',
      `/chat/Message.json?chat_dialog_id=${dialog.body._id}&date_sent[lt]=${HUGE}`,
      {
        token: ava,
      },
    );
    expect(messages.status).toBe(422);
    expect(messages.body.errors).toHaveProperty('date_sent');
    const users = await qb.call('GET', `/users.json?filter[]=${encodeURIComponent(`number id lt ${HUGE}`)}`, {
      token: ava,
    });
    expect(users.status).toBe(422);
    const dates = await qb.call(
      'GET',
      `/users.json?filter[]=${encodeURIComponent('date created_at gt -200000-01-01T00:00:00Z')}`,
      {
        token: ava,
      },
    );
    expect(dates.status).toBe(422);
  });

  it('answers deep JSON in /data with 422 and NUL in a record with 422', async () => {
    const token = await qb.memberSession('ava');
    const deep = await qb.call('POST', '/data/Probe.json', {
      token,
      body: `{"f":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deep.status).toBe(422);
    const nul = await qb.call('POST', '/data/Probe.json', { token, json: { note: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toHaveProperty('note');
  });
});
