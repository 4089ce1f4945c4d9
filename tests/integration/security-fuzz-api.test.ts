/**
 * Issue 15, fuzzing the own API (docs/security.md "Security suites"): requests generated from
 * every contract operation's zod schemas — valid-ish and hostile values, wrong encodings, live,
 * missing and forged tokens — never get a 5xx, and every refusal is the envelope with the status
 * its code names. `FUZZ_RUNS` (default 300 here) and `FUZZ_SEED` replay a run; `npm run fuzz`
 * runs the full one. Issue 27: a message another provider's client wrote, and one between two
 * other members, are planted first; no answer to the fuzzing provider or member may quote them (a
 * dialog list's preview included), and the `/qb` requests name the other members' dialog, message
 * and users.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { EndpointDefinition } from '../../src/shared/api/endpoint';
import { apiClient } from '../support/api';
import { qbClient } from '../support/qb';
import { qbRoutes, type QbRoute } from '../support/qb-routes';
import { qbFetch, qbProblem, qbRequestFor, type QbFuzzRequest } from '../support/security/qb-requests';
import { contractEndpoints } from '../support/security/contract';
import { count, expectNoFailures, fuzz, fuzzRuns, someAddress } from '../support/security/fuzz-run';
import { freshChatMember } from '../support/security/fresh-users';
import { fetchInit, ownApiProblem, requestFor, type FuzzRequest } from '../support/security/http-requests';
import { enrolApp } from '../support/second-factor';

const stack = inject('stack');
const api = apiClient(stack);
let endpoints: EndpointDefinition[];
let routes: QbRoute[];
let sequence = 0;
/** Planted: a client's message to another provider, and one between two other members. */
const PROVIDERS_SECRET = `to-another-provider-${Date.now()}`;
const MEMBERS_SECRET = `between-other-members-${Date.now()}`;
const theirs: string[] = [];

/** The fuzzing provider: a fresh account, replaced when a generated call ends its session. */
const account = { token: '', renewals: 0 };
/** The fuzzing member of the chat service: a fresh chat user, replaced the same way. */
const member = { token: '', renewals: 0 };
/**
 * The live token of the second-step operations (docs/security.md "Second factor"): a sign-in of a
 * fresh provider with an authenticator app, opened again when a generated call ends it, and a new
 * provider when her second-factor limits answer everything.
 */
const halfSignedIn = { email: '', password: '', token: '', renewals: 0 };

async function freshAccount() {
  account.token = (await api.signUpFresh('fuzz')).token;
}

async function freshStepProvider() {
  await freshAccount();
  const { email, password, token } = await api.signUpFresh('fuzz.step');
  await enrolApp(api, token);
  Object.assign(halfSignedIn, { email, password });
  await openStep();
}

async function openStep() {
  const answer = await api.call<{ secondStep: { token: string } }>('POST', '/user/user/sign/in/doctor', {
    form: { email: halfSignedIn.email, password: halfSignedIn.password },
    from: someAddress(0xffd000 + sequence++),
  });
  if (!answer.data?.secondStep) throw new Error(`fuzz second step failed: ${answer.code} ${answer.message}`);
  halfSignedIn.token = answer.data.secondStep.token;
}

async function freshMember() {
  member.token = (await freshChatMember(stack.url)).token;
}

/** What the strangers must never see, written where their owners do see it. */
async function plant() {
  const qb = qbClient(stack.url);
  const [client, friend] = await Promise.all([freshChatMember(stack.url), freshChatMember(stack.url)]);
  const provider = await api.signUpFresh('fuzz-other-provider');
  const toProvider = await qb.call('POST', '/chat/Message.json', {
    token: client.token,
    form: { recipient_id: provider.chatId, message: PROVIDERS_SECRET },
  });
  const toFriend = await qb.call('POST', '/chat/Message.json', {
    token: client.token,
    form: { recipient_id: friend.chatId, message: MEMBERS_SECRET },
  });
  if (toProvider.status !== 201 || toFriend.status !== 201) throw new Error('planting failed');
  // Their owners see them, so an answer that quotes them to someone else is a leak.
  const dialogs = await api.call('GET', '/message/qb/doctor/getDialogs', { token: provider.token });
  expect(JSON.stringify(dialogs.data)).toContain(PROVIDERS_SECRET);
  const friends = await qb.call('GET', '/chat/Dialog.json', { token: friend.token });
  expect(friends.text).toContain(MEMBERS_SECRET);
  theirs.push(
    String(toFriend.body.chat_dialog_id),
    String(toFriend.body._id),
    String(client.chatId),
    String(friend.chatId),
  );
}

/** A planted message in an answer to a stranger. */
const leaked = (text: string) =>
  text.includes(PROVIDERS_SECRET) || text.includes(MEMBERS_SECRET) ? 'quotes another user’s message' : null;

beforeAll(async () => {
  endpoints = await contractEndpoints();
  routes = await qbRoutes();
  await freshStepProvider();
  await freshMember();
  await plant();
});

function describeQb(r: QbFuzzRequest): string {
  return `${r.method} ${r.url.slice(0, 300)} token=${r.tokenKind} ${r.mode}:${JSON.stringify(r.params).slice(0, 300)}`;
}

function describeRequest(r: FuzzRequest): string {
  const body = JSON.stringify(r.body)?.slice(0, 300);
  return `${r.method} ${r.url.slice(0, 300)} token=${r.tokenKind} body=${r.bodyMode}:${body} file=${r.file ? `${r.file.type} ${r.file.bytes.length} B` : 'none'}`;
}

describe('own API fuzzing', () => {
  it('generated requests for every operation: no 5xx, every refusal an envelope', async () => {
    const figures = await fuzz(
      'own API',
      fc.constantFrom(...endpoints).chain(requestFor),
      fuzzRuns(1, 300),
      async (request, f) => {
        const secondStep = request.endpoint.auth === 'second-step';
        const response = await fetch(
          `${stack.url}${request.url}`,
          fetchInit(request, secondStep ? halfSignedIn.token : account.token, someAddress(sequence++)),
        );
        const text = await response.text();
        count(f, response.status);
        const problem =
          ownApiProblem({
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            text,
          }) ?? leaked(text);
        if (request.tokenKind === 'live' && response.status === 401 && text.includes('TOKEN_ERR')) {
          if (secondStep) {
            halfSignedIn.renewals++;
            await openStep();
          } else {
            account.renewals++;
            await freshAccount();
          }
        } else if (secondStep && request.tokenKind === 'live' && response.status === 429) {
          halfSignedIn.renewals++;
          await freshStepProvider();
        }
        return problem;
      },
      describeRequest,
    );
    console.log(
      `[fuzz] own API: ${account.renewals} sessions and ${halfSignedIn.renewals} second steps ended by generated calls and renewed`,
    );
    expectNoFailures(figures);
  }, 900_000);
});

describe('chat-service (/qb) fuzzing', () => {
  it('generated requests for every /qb route: no 5xx, every refusal the vendor’s {errors}', async () => {
    const figures = await fuzz(
      '/qb',
      fc.constantFrom(...routes).chain((route) => qbRequestFor(route, theirs)),
      fuzzRuns(1, 200),
      async (request, f) => {
        const { url, init } = qbFetch(request, member.token, someAddress(sequence++));
        const response = await fetch(`${stack.url}${url}`, init);
        const text = await response.text();
        count(f, response.status);
        const problem =
          qbProblem(url, response.status, response.headers.get('content-type') ?? '', text) ?? leaked(text);
        if (
          request.tokenKind === 'live' &&
          response.status === 401 &&
          text.includes('session does not exist')
        ) {
          member.renewals++;
          await freshMember();
        }
        return problem;
      },
      describeQb,
    );
    console.log(`[fuzz] /qb: ${member.renewals} sessions ended by generated calls and renewed`);
    expectNoFailures(figures);
  }, 900_000);
});
