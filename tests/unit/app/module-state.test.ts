/**
 * No module-level mutable state in the portal (docs/architecture.md §3 "The portal root"): what
 * lives as long as the page is made by `createPortalRoot` in main.tsx, what lives as long as a
 * signed-in shell by the shell, and both are handed down. This reads every source file of src/app
 * with the TypeScript parser and reports each top-level `let`, and each top-level `const` made by
 * `proxy(…)`, `new Map/Set/WeakMap/WeakSet(…)`, a `create…(…)` factory or a contract's `…Api(…)`,
 * or an object or array literal that the file changes later (an assignment to one of its entries,
 * a `delete`, a `push`…), unless the list below names it with its reason. Constant tables, React contexts and lazy
 * components are not state and are not reported.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { appSources } from './app-sources';

/** `file:name` → why it may stay a module's. */
const ALLOWED: Record<string, string> = {
  // Constant tables built once from constants and never changed.
  'components/cycle-charts/units.ts:FAHRENHEIT_COUNTRIES': 'a constant table, never changed',
  'layouts/keep-alive.tsx:PAGES': 'a constant table of the kept pages, never changed',
  // The one document's focus history: it mirrors `document`, of which a page has one.
  'components/return-focus.ts:lastOutside': 'the document’s focus history',
  'components/return-focus.ts:tracking': 'the document’s focus listener, added once',
  // Code loading: a module's code is loaded once per page, like `import()` itself.
  'components/lazy-dialog.tsx:loaded': 'the dialog’s code, once loaded',
  'components/lazy-dialog.tsx:loading': 'the dialog’s code, while it loads',
  'components/chart/chart.tsx:setups': 'ECharts’ code, once loaded (or while it loads)',
  'components/chart/echarts-setup.ts:registered': 'ECharts’ own registry of components is global',
  'components/chart/echarts-setup-cycle.ts:registered': 'ECharts’ own registry of components is global',
  // i18next has one instance per page (src/app/i18n).
  'i18n/index.ts:markInitialised': 'i18next’s one instance, initialised once',
};

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const NOT_STATE = new Set(['createContext']);

/** Whether `init` makes state: a store, a collection, a factory's product. */
function makesState(init: ts.Expression | undefined): boolean {
  if (!init) return false;
  if (ts.isNewExpression(init))
    return ts.isIdentifier(init.expression) && COLLECTIONS.has(init.expression.text);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) return false;
  const callee = init.expression.text;
  if (NOT_STATE.has(callee)) return false;
  return callee === 'proxy' || /^create[A-Z]/.test(callee) || /[a-z]Api$/.test(callee);
}

const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill']);

/** The identifier an access chain (`a.b[c].d`) starts from, if any. */
function rootName(node: ts.Expression): string | null {
  let at = node;
  while (ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) at = at.expression;
  return ts.isIdentifier(at) ? at.text : null;
}

/** The names whose entries the file changes: `x.a = …`, `x[k] ??= …`, `delete x[k]`, `x.push(…)`. */
function changedInPlace(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const entry = (node: ts.Expression) =>
    (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && rootName(node);
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const name = entry(node.left);
      if (name) names.add(name);
    }
    if (ts.isDeleteExpression(node)) {
      const name = entry(node.expression);
      if (name) names.add(name);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MUTATORS.has(node.expression.name.text)
    ) {
      const name = rootName(node.expression.expression);
      if (name) names.add(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const isLiteral = (init: ts.Expression | undefined) =>
  init !== undefined && (ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init));

/** The module-level state of the file at `relative` (to src/app), parsed as `source`, as `file:name`. */
function moduleState(relative: string, source: ts.SourceFile): string[] {
  const changed = changedInPlace(source);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const mutable = !(statement.declarationList.flags & ts.NodeFlags.Const);
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      const literalChanged = isLiteral(declaration.initializer) && changed.has(name);
      if (mutable || makesState(declaration.initializer) || literalChanged) found.push(`${relative}:${name}`);
    }
  }
  return found;
}

describe('module-level state in src/app', () => {
  const found = appSources().flatMap(({ relative, source }) => moduleState(relative, source));

  it('is only what the list allows, each with its reason', () => {
    expect(found.filter((name) => !(name in ALLOWED))).toEqual([]);
  });

  it('has no entry left in the list that the code no longer has', () => {
    expect(Object.keys(ALLOWED).filter((name) => !found.includes(name))).toEqual([]);
  });

  it('reports what it is for: a store, a collection, a factory or a `let`', () => {
    const probe =
      "import { proxy } from 'valtio';\nimport { createContext } from 'react';\n" +
      'export const store = proxy({ n: 0 });\nconst seen = new Map();\nlet count = 0;\n' +
      'const meter = createMeter();\nconst calls = profileApi(api);\nconst TABLE = { a: 1 };\n' +
      'const cache = {};\nfunction load(k) {\n  cache[k] ??= 1;\n}\nconst queue = [];\nqueue.push(1);\n' +
      'export const Context = createContext(null);\nfunction f() {\n  let inside = 0;\n  return inside;\n}\n';
    expect(
      moduleState('probe.ts', ts.createSourceFile('probe.ts', probe, ts.ScriptTarget.Latest, true)),
    ).toEqual([
      'probe.ts:store',
      'probe.ts:seen',
      'probe.ts:count',
      'probe.ts:meter',
      'probe.ts:calls',
      'probe.ts:cache',
      'probe.ts:queue',
    ]);
  });
});
