/**
 * docs/architecture.md §4 "Route budgets": the portal's build leaves the contracts' request schemas
 * and documentation out (scripts/lib/client-contracts.mjs) and keeps what the client reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { clientContractEdits } from '../../scripts/lib/client-contracts.mjs';
import { ROOT } from '../support/stack';

const view = (code: string) => clientContractEdits(parseAst(code), code).code;

interface Node {
  type: string;
  [key: string]: unknown;
}

/** The property names of every `defineEndpoint({ … })` in a module. */
function endpointKeys(code: string): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Node;
    const callee = n.callee as Node | undefined;
    if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineEndpoint') {
      const object = (n.arguments as Node[])[0]!;
      found.push((object.properties as Array<{ key: { name: string } }>).map((p) => p.key.name));
    }
    Object.values(n).forEach(walk);
  };
  walk(parseAst(code));
  return found;
}

describe('the contracts as the browser reads them', () => {
  it('keep id, method, path, auth, encoding and response, and drop the rest of an endpoint', () => {
    const code = `export const e = defineEndpoint({ id: 'x', method: 'POST', path: '/p/{id}', summary: 'Does § things …', tag: 'T', auth: 'token', encoding: 'json', params: z.object({ id: Id }), query: z.object({ q: z.string().check(z.describe('the query')) }), body: z.object({ a: z.string() }), response: z.object({ n: z.number().check(z.describe('a count')) }) });`;
    expect(view(code)).toBe(
      `export const e = defineEndpoint({ id: 'x', method: 'POST', path: '/p/{id}', auth: 'token', encoding: 'json', response: z.object({ n: z.number().check(z.describe('')) }) });`,
    );
  });

  it('leaves a trailing comma, still JavaScript, when the last property goes', () => {
    const out = view(`const e = defineEndpoint({ id: 'x', response: r, body: b });`);
    expect(endpointKeys(out)).toEqual([['id', 'response']]);
  });

  it('keeps every endpoint of src/shared/api with its response and without its request schemas or docs', () => {
    const dir = path.join(ROOT, 'src/shared/api');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const { code } = transformSync(readFileSync(path.join(dir, file), 'utf8'), { loader: 'ts' });
      const before = endpointKeys(code);
      const after = endpointKeys(view(code));
      expect(after, file).toEqual(
        before.map((keys) => keys.filter((k) => !['params', 'query', 'body', 'summary', 'tag'].includes(k))),
      );
      for (const keys of after)
        expect(keys, file).toEqual(expect.arrayContaining(['id', 'method', 'path', 'response']));
      if (/describe\(/.test(code)) expect(view(code), file).not.toMatch(/describe\((["'`])[^"'`]/);
    }
  });
});
