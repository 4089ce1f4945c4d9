/** Small text helpers of the timeline. */

const encoder = new TextEncoder();

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Chat-service ids (24 hex characters, docs/wire/hosted-chat.md §11) anywhere in a text. */
export function idsIn(text: string): string[] {
  return [...new Set(text.match(/\b[0-9a-f]{24}\b/g) ?? [])];
}
