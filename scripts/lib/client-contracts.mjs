// The API contracts as the browser reads them (docs/architecture.md §4 "Route budgets"): the
// portal's client uses an endpoint's id, method, path, encoding and response schema
// (src/rest/client.ts); its request schemas (`params`, `query`, `body`), which the server
// validates with, and its documentation (`summary`, `tag`, `z.describe` texts), which OpenAPI
// shows, are types only there. This Vite plugin leaves them out of the portal's build, in
// src/shared/api only; the server, the tests and the console keep the contracts whole.

const CONTRACTS = /[\\/]src[\\/]shared[\\/]api[\\/][^\\/]+\.ts$/;
/** Properties of a `defineEndpoint({ … })` the browser never reads. */
const SERVER_ONLY = new Set(['params', 'query', 'body', 'summary', 'tag']);

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

/** The edits (ranges to replace) that drop the server-only parts of one contract module. */
export function clientContractEdits(program, code) {
  const edits = [];
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
  const kept = edits.filter((e) => !edits.some((o) => o !== e && o.start <= e.start && e.end <= o.end));
  kept.sort((a, b) => b.start - a.start);
  let out = code;
  for (const { start, end, text } of kept) out = out.slice(0, start) + text + out.slice(end);
  return { code: out, edits: kept.length };
}

/**
 * The Vite plugin: the portal's build only, not the console's (vite.config.ts `consolePage`), and
 * after TypeScript is compiled away, so it reads JavaScript.
 */
export function clientContracts() {
  return {
    name: 'client-contracts',
    apply: (_config, { command }) => command === 'build' && process.env.CONSOLE_PAGE_BUILD !== '1',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS.test(id)) return null;
      const { code: out, edits } = clientContractEdits(this.parse(code), code);
      return edits ? { code: out, map: null } : null;
    },
  };
}
