/**
 * Passwords and tokens never leave in an exported trace (docs/console.md "Trace files",
 * docs/security.md): SASL payloads, `authToken`/`token`/`password`/`signature` fields in forms,
 * JSON and STOMP headers, and the same keys in decoded fields, become `***`.
 */
import type { TraceEntry } from './types';

export const MASK = '***';
const SECRET_KEY =
  /^(password|pass|passwd|passcode|token|authtoken|auth_token|qb-token|secret|signature|authsecret|auth_secret|authkey|auth_key|code_verifier)$/i;
const KEY_ALTERNATION =
  'password|passcode|token|authToken|auth_token|QB-Token|secret|signature|authSecret|auth_secret|authKey|auth_key';

const TEXT_RULES: Array<[RegExp, string]> = [
  // SASL (RFC 6120 §6.4.2): PLAIN carries the password in its base64 payload.
  [/(<(auth|response)\b[^>]*>)[^<]+(<\/\2>)/g, `$1${MASK}$3`],
  // JSON: "token": "…" (pretty or compact).
  [new RegExp(`("(?:${KEY_ALTERNATION})"\\s*:\\s*)"[^"]*"`, 'gi'), `$1"${MASK}"`],
  // Forms: password=…&token=…, also nested as user[password]= (encoded or not).
  [new RegExp(`(^|[?&\\s])([^=&\\s]*?(?:${KEY_ALTERNATION})(?:%5D|\\])?=)[^&\\s]*`, 'gi'), `$1$2${MASK}`],
  // STOMP and HTTP headers: authToken:…
  [new RegExp(`(^|\\n)((?:${KEY_ALTERNATION}):)[^\\n]*`, 'gi'), `$1$2${MASK}`],
];

export function maskText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

export function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value))
      out[key] = SECRET_KEY.test(key) && inner !== null && inner !== '' ? MASK : maskValue(inner);
    return out;
  }
  return typeof value === 'string' ? maskText(value) : value;
}

export function maskEntry(entry: TraceEntry): TraceEntry {
  const masked: TraceEntry = { ...entry, raw: maskText(entry.raw), summary: maskText(entry.summary) };
  if (entry.decoded !== undefined) masked.decoded = maskValue(entry.decoded);
  return masked;
}
