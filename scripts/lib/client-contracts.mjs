// The API contracts as the browser reads them (docs/performance.md "Route budgets"). The
// portal's client uses an endpoint's id, method and path, and its encoding only to tell JSON from
// the default form (src/rest/client.ts); the token kind (`auth`, which the server's hooks
// enforce), the schemas (`params`, `query`, `body`, `response`), which the server validates
// requests and its own answers with, and the documentation (`summary`, `tag`, `z.describe`
// texts), which OpenAPI shows, are types only there. So in the portal's build (this Vite plugin;
// the server, the tests and the console keep the contracts whole):
// - a contract module is replaced by its data: each endpoint as { id, method, path }, with
//   `encoding: 'json'` where it is JSON, and each export that is plain data (strings, numbers,
//   arrays and objects of them).
//   Schemas and functions are not there, and with them no zod: a page that imports one fails the
//   build ("… is not exported by …"). Modules without zod (endpoint.ts, error-codes.ts) stay as
//   they are.
// - the modules whose schemas the portal runs itself (a report draft's check,
//   src/app/features/reports/draft-store.ts, and what it is built from: SCHEMAS_IN_BROWSER) keep
//   their code, without the endpoints' schemas and documentation; their module-level schema
//   constructions are marked pure (`/* @__PURE__ */`), so the bundler drops those no page reads.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const CONTRACTS = /[\\/]src[\\/]shared[\\/]api[\\/][^\\/]+\.ts$/;
/** Properties of a `defineEndpoint({ … })` the browser never reads. */
const SERVER_ONLY = new Set(['auth', 'params', 'query', 'body', 'response', 'summary', 'tag']);
const SCHEMAS_IN_BROWSER = /[\\/](expert-reports|content|fields|workspace-fields)\.ts$/;
/** A value import of zod, in the compiled module (type imports are gone by then). */
const USES_ZOD = /\bfrom\s*["']zod[/"']/;
const PURE = '/* @__PURE__ */ ';

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

const keyName = (property) =>
  property.type === 'Property' && !property.computed ? (property.key.name ?? property.key.value) : undefined;

/**
 * The calls that build a module-level constant (`export const X = z.object(…).check(…)`), outside
 * any function: schema constructions, free of side effects, which the bundler cannot know.
 */
function constantCalls(program) {
  const starts = new Set();
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (/Function/.test(node.type)) return;
    if (node.type === 'CallExpression') starts.add(node.start);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) visit(declarator.init);
  }
  return starts;
}

/** The edits (ranges to replace) that drop the server-only parts of one contract module. */
export function clientContractEdits(program, code) {
  const edits = [...constantCalls(program)].map((start) => ({ start, end: start, text: PURE }));
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee;
    if (callee.type === 'Identifier' && callee.name === 'defineEndpoint') {
      const object = node.arguments[0];
      if (object?.type !== 'ObjectExpression') return;
      for (const property of object.properties) {
        if (!SERVER_ONLY.has(keyName(property))) continue;
        // The property and the comma after it; a comma left before `}` is still an object literal.
        const comma = /^\s*,\s*/.exec(code.slice(property.end));
        edits.push({ start: property.start, end: property.end + (comma ? comma[0].length : 0), text: '' });
      }
    } else if (
      callee.type === 'MemberExpression' &&
      callee.property.name === 'describe' &&
      node.arguments.length === 1 &&
      ['Literal', 'TemplateLiteral'].includes(node.arguments[0].type)
    ) {
      edits.push({ start: node.arguments[0].start, end: node.arguments[0].end, text: "''" });
    }
  });
  // A text inside a property that goes anyway is not edited on its own.
  const inside = (e, o) => o.start <= e.start && (e.start === e.end ? e.start < o.end : e.end <= o.end);
  const kept = edits.filter((e) => !edits.some((o) => o !== e && o.start !== o.end && inside(e, o)));
  kept.sort((a, b) => b.start - a.start);
  let out = code;
  for (const { start, end, text } of kept) out = out.slice(0, start) + text + out.slice(end);
  return { code: out, edits: kept.length };
}

const isPlain = (value) =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isPlain)) ||
  (typeof value === 'object' &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value)) &&
    Object.values(value).every(isPlain));

const isEndpoint = (value) =>
  typeof value === 'object' &&
  value !== null &&
  ['id', 'method', 'path'].every((k) => typeof value[k] === 'string');

/** A contract module's exports as the browser reads them: a module of plain constants. */
export function dataModule(exports) {
  const lines = [];
  for (const [name, value] of Object.entries(exports)) {
    const data = isEndpoint(value)
      ? {
          id: value.id,
          method: value.method,
          path: value.path,
          ...(value.encoding === 'json' ? { encoding: 'json' } : {}),
        }
      : isPlain(value)
        ? value
        : undefined;
    if (data !== undefined) lines.push(`export const ${name} = ${JSON.stringify(data)};`);
  }
  return `${lines.join('\n')}\n`;
}

/** The contract modules of the folder `dir` (src/shared/api). */
export const contractFiles = (dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));

/**
 * What each of the contract modules `files` exports, run in Node: one bundle of them all (zod and
 * the shared fields bundled once), so a build pays for it once.
 */
export async function contractExports(files) {
  const entry = files.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};`).join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const source = Buffer.from(result.outputFiles[0].contents).toString('base64');
  const modules = await import(`data:text/javascript;base64,${source}`);
  return new Map(files.map((file, i) => [file, modules[`m${i}`]]));
}

/**
 * The Vite plugin: the portal's build only, not the console's (vite.config.ts `consolePage`), and
 * after TypeScript is compiled away, so it reads JavaScript.
 */
export function clientContracts() {
  /** The exports of every contract module, read once a build. */
  let exports = null;
  return {
    name: 'client-contracts',
    apply: (_config, { command }) => command === 'build' && process.env.CONSOLE_PAGE_BUILD !== '1',
    enforce: 'post',
    buildStart() {
      exports = null;
    },
    async transform(code, id) {
      if (!CONTRACTS.test(id) || !USES_ZOD.test(code)) return null;
      if (!SCHEMAS_IN_BROWSER.test(id)) {
        exports ??= contractExports(contractFiles(path.dirname(id)));
        return { code: dataModule((await exports).get(path.resolve(id))), map: null };
      }
      const { code: out, edits } = clientContractEdits(this.parse(code), code);
      return edits ? { code: out, map: null } : null;
    },
  };
}
