/** Steps of the workspace e2e tests: a fresh provider ready to sign in, and the admin command. */
import type { APIRequestContext } from '@playwright/test';
import { runAdmin } from '../support/admin-cli';
import { profileForm } from '../support/workspace';
import { signUpOverApi, uniqueEmail } from './support';

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

/**
 * Signs a provider up with the mailed code and agrees to the protocols over the API (the UI of
 * these is in foundation.spec.ts). `dataDir` names the stack whose outbox holds the code when it is
 * not the shared e2e stack.
 */
export async function freshProvider(
  request: APIRequestContext,
  prefix: string,
  name: { firstName: string; lastName: string } = { firstName: 'Nora', lastName: 'Lind' },
  dataDir?: string,
) {
  const email = uniqueEmail(prefix);
  const password = 'Fresh-pass-2026';
  const token = await signUpOverApi(
    request,
    { email, password, ...name, timezone: 'Europe/London' },
    { headers: HEADERS, dataDir },
  );
  const auth = { ...HEADERS, authToken: token };
  const popup = await request.get('/api/user/protocol/getProtocolPopupInfo/new', { headers: auth });
  const ids = ((await popup.json()) as { data: { protocols: Array<{ id: number }> } }).data.protocols.map(
    (p) => p.id,
  );
  await request.post('/api/user/protocol/records/add?platform=web', {
    headers: auth,
    form: { protocolIds: ids.join(',') },
  });
  return { email, password, token };
}

/** Uploads a certificate and submits the profile for review over the API: the provider is NEED_AUDIT. */
export async function submitProfileOverApi(request: APIRequestContext, token: string) {
  const auth = { ...HEADERS, authToken: token };
  const upload = await request.post('/api/consultation/invite/doctor/certificate/upload', {
    headers: auth,
    multipart: { file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  const doc = ((await upload.json()) as { data: { id: number } }).data.id;
  const submit = await request.post('/api/consultation/invite/doctor/addConsultInfoAudit', {
    headers: auth,
    form: profileForm([doc]),
  });
  const answer = (await submit.json()) as { code: string; data: { auditStatus: string } };
  if (answer.data?.auditStatus !== 'NEED_AUDIT') throw new Error(`Submit failed: ${JSON.stringify(answer)}`);
}

/** `npm run admin -- …` against the e2e stack. */
export async function admin(args: string[]): Promise<string> {
  const { stdout } = await runAdmin(args, process.env.E2E_DATA_DIR!);
  return stdout;
}

/** A real (tiny) PDF for the certificate upload. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
