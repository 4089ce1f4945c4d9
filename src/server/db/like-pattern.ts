/**
 * A keyword search as an `ILIKE` pattern (every list with a keyword filter: clients, orders,
 * content, expert reports): `%keyword%`, with the keyword's own `%`, `_` and `\` escaped so they
 * match themselves (PostgreSQL's default LIKE escape is the backslash).
 */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
