/**
 * The string the chat service's session signature is computed over (docs/wire/hosted-chat.md §3.1),
 * shared by the client that signs and the server that checks: every parameter but `signature`;
 * a scalar gives `name=value`, an object its `name[sub]=value` pairs sorted and `&`-joined into one
 * chunk; values raw (not URL-encoded); the chunks sorted as whole strings and `&`-joined. Absent
 * values (undefined, null) are skipped at both levels, as the form encoding never sends them.
 */
export type SignatureHash = 'sha1' | 'sha256';

const absent = (value: unknown) => value === undefined || value === null;

export function signatureBase(params: Record<string, unknown>): string {
  const chunks: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === 'signature' || absent(value)) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      chunks.push(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => !absent(v))
          .map(([sub, v]) => `${name}[${sub}]=${String(v)}`)
          .sort()
          .join('&'),
      );
    } else {
      chunks.push(`${name}=${String(value)}`);
    }
  }
  return chunks.sort().join('&');
}
