/**
 * The chat service's form encoding (docs/wire/hosted-chat.md §2.2): one `key=value` pair per top-level
 * key; a plain object gives `key[sub]=value` pairs (one level); an array gives ONE `key[]=` pair
 * with the items joined by commas; pairs sorted; values URI-encoded. Deeper objects are refused
 * here (the vendor's SDK would send the text "[object Object]").
 */
export type FormValue = string | number | boolean | null | undefined;

const scalar = (value: FormValue) => encodeURIComponent(String(value));

export function encodeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      pairs.push(`${key}[]=${encodeURIComponent(value.join(','))}`);
    } else if (typeof value === 'object') {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        if (inner === undefined || inner === null) continue;
        if (Array.isArray(inner)) pairs.push(`${key}[${sub}]=${encodeURIComponent(inner.join(','))}`);
        else if (typeof inner === 'object')
          throw new TypeError(`Form field ${key}[${sub}] is nested too deeply`);
        else pairs.push(`${key}[${sub}]=${scalar(inner as FormValue)}`);
      }
    } else {
      pairs.push(`${key}=${scalar(value as FormValue)}`);
    }
  }
  return pairs.sort().join('&');
}
