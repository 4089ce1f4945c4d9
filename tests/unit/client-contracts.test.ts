/**
 * docs/performance.md "Route budgets": the portal's build reads the contracts as data, without
 * their schemas and documentation (scripts/lib/client-contracts.mjs), and keeps the code of the
 * few modules whose schemas the portal runs itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import {
  clientContractEdits,
  contractExports,
  contractFiles,
  dataModule,
} from '../../scripts/lib/client-contracts.mjs';
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
const API = path.join(ROOT, 'src/shared/api');
/** What the client reads of an endpoint (src/rest/client.ts): the encoding only where it is JSON. */
const ENDPOINT_KEYS = ['id', 'method', 'path'];
const whole = contractExports(contractFiles(API));
const exportsOf = async (file: string) => (await whole).get(path.join(API, file))!;

/** The exports of a data module, read back. */
async function dataOf(file: string): Promise<Record<string, unknown>> {
  const code = dataModule(await exportsOf(file));
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    unknown
  >;
}

describe('the contracts as the browser reads them', () => {
  it('a contract module is its endpoints and plain constants, without schemas, functions or zod', async () => {
    const code = dataModule(await exportsOf('chat.ts'));
    expect(code).not.toMatch(/zod|import|function|=>/);
    const data = await dataOf('chat.ts');
    expect(data.getProviderDialogs).toEqual({
      id: 'getProviderDialogs',
      method: 'GET',
      path: '/message/qb/doctor/getDialogs',
    });
    expect(data.DEFAULT_AVATAR_PATH).toBe('/api/message/qb/avatar/default.svg');
    expect(Object.keys(data).some((name) => /^[A-Z][a-z]/.test(name))).toBe(false);
  });

  it('keeps every endpoint of every contract module, with the keys the client reads', async () => {
    for (const file of readdirSync(API).filter((f) => f.endsWith('.ts'))) {
      const endpoints = Object.entries(await exportsOf(file)).filter(
        ([, v]) => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
      );
      const data = await dataOf(file);
      for (const [name, endpoint] of endpoints) {
        const json = (endpoint as { encoding: string }).encoding === 'json';
        expect(Object.keys(data[name] as object).sort(), `${file} ${name}`).toEqual(
          json ? ['encoding', ...ENDPOINT_KEYS] : ENDPOINT_KEYS,
        );
        expect(data[name], `${file} ${name}`).toMatchObject({
          id: (endpoint as { id: string }).id,
          path: (endpoint as { path: string }).path,
        });
      }
    }
  });

  it('in a module the portal runs schemas of, drops the endpoints’ schemas and texts and marks constructions pure', () => {
    const code = `export const e = defineEndpoint({ id: 'x', method: 'POST', path: '/p/{id}', summary: 'Does § things …', tag: 'T', auth: 'token', encoding: 'json', params: z.object({ id: Id }), body: z.object({ a: z.string() }), response: z.object({ n: z.number() }) });
export const Row = z.object({ n: z.number().check(z.describe('a count')) });
function f() { return z.string(); }
z.config({});`;
    expect(view(code))
      .toBe(`export const e = /* @__PURE__ */ defineEndpoint({ id: 'x', method: 'POST', path: '/p/{id}', encoding: 'json',  });
export const Row = /* @__PURE__ */ z.object({ n: /* @__PURE__ */ z.number().check(/* @__PURE__ */ z.describe('')) });
function f() { return z.string(); }
z.config({});`);
  });

  it('leaves valid JavaScript in each module whose schemas the portal runs', () => {
    for (const file of ['expert-reports.ts', 'content.ts', 'fields.ts', 'workspace-fields.ts']) {
      // fields.ts and workspace-fields.ts hold fields only, no endpoints.
      const { code } = transformSync(readFileSync(path.join(API, file), 'utf8'), { loader: 'ts' });
      const before = endpointKeys(code);
      expect(endpointKeys(view(code)), file).toEqual(
        before.map((keys) => keys.filter((k) => ['id', 'method', 'path', 'encoding'].includes(k))),
      );
    }
  });
});
