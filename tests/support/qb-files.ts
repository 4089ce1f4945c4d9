/**
 * Files on the chat service for tests (docs/wire/hosted-chat.md §6, §7): a member's blob through the
 * SDK's create → upload → complete flow, a custom-object file field upload, and a provider's
 * certificate (a private file of the portal) with its blob id and uid as the chat service knows it.
 */
import { apiClient } from './api';
import { qbClient, type Loose } from './qb';
import { uploadCertificate } from './workspace';

type Qb = ReturnType<typeof qbClient>;

/** A complete private blob of the session's user. */
export async function storeBlob(
  qb: Qb,
  token: string,
  name: string,
  bytes: Buffer,
  type: string,
  options: { public?: boolean } = {},
) {
  const created = await qb.call('POST', '/blobs.json', {
    token,
    form: { blob: { name, content_type: type, ...(options.public ? { public: true } : {}) } },
  });
  if (created.status !== 201) throw new Error(`blob create: ${created.status} ${created.text}`);
  const url = new URL(created.body.blob.blob_object_access.params as string);
  const form = new FormData();
  for (const [key, value] of url.searchParams) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const uploaded = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form });
  if (uploaded.status !== 201) throw new Error(`blob upload: ${uploaded.status}`);
  const id = created.body.blob.id as number;
  const done = await qb.call('PUT', `/blobs/${id}/complete.json`, { token, form: { size: bytes.length } });
  if (done.status !== 200) throw new Error(`blob complete: ${done.status} ${done.text}`);
  return { id, uid: created.body.blob.uid as string };
}

/** §7 file field upload: multipart `field_name` + `file`. */
export function uploadFileField(
  baseUrl: string,
  token: string,
  path: string,
  field: string,
  bytes: Buffer,
  name = 'field.bin',
) {
  const form = new FormData();
  form.append('field_name', field);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  return fetch(`${baseUrl}/qb${path}`, { method: 'POST', body: form, headers: { 'QB-Token': token } });
}

/**
 * A fresh certificate of provider `key`: uploaded through the portal, then found among the
 * provider's blobs on the chat service. Returns its blob id and uid and the provider's chat token.
 */
export async function providerCertificate(baseUrl: string, key: string) {
  const qb = qbClient(baseUrl);
  const { token, portalToken } = await qb.providerSession(key);
  await uploadCertificate(apiClient(baseUrl), portalToken, 'licence.pdf');
  const listed = await qb.call('GET', '/blobs.json?per_page=100', { token });
  const certificate = (listed.body.items as Loose[])
    .map((i) => i.blob)
    .find((b) => b.tag_list === 'certificate');
  if (!certificate) throw new Error(`no certificate among ${listed.text}`);
  return { id: certificate.id as number, uid: certificate.uid as string, providerToken: token };
}
