/**
 * src/server's folders point one way (docs/architecture.md §2). Lint's zones hold each folder to
 * its place in `serverFolders` (eslint.config.js); this reads the imports from the source and fails
 * on what a zone list can miss: two folders importing each other, a longer cycle, a folder the list
 * does not name, or a folder importing a root-level file (the wiring) for more than its types.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const serverDir = path.join(repo, 'src/server');

interface ImportRef {
  /** The importing file, relative to src/server. */
  file: string;
  specifier: string;
  typeOnly: boolean;
}

/** Every relative import and re-export of a source file, static or dynamic. */
function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm;
  const bare = /^\s*import\s*['"]([^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(statement)) found.push({ specifier: m[2]!, typeOnly: Boolean(m[1]) });
  for (const m of source.matchAll(bare)) found.push({ specifier: m[1]!, typeOnly: false });
  for (const m of source.matchAll(dynamic)) found.push({ specifier: m[1]!, typeOnly: false });
  return found.filter((i) => i.specifier.startsWith('.'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder a path under src/server belongs to, or null for a file at src/server's root. */
function folderOf(relative: string): string | null {
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

interface FolderGraph {
  /** folder → folder → the imports that make the edge */
  edges: Map<string, Map<string, ImportRef[]>>;
  /** Imports from a folder's file of a file at src/server's root. */
  intoRoot: ImportRef[];
}

function buildGraph(): FolderGraph {
  const edges = new Map<string, Map<string, ImportRef[]>>();
  const intoRoot: ImportRef[] = [];
  for (const full of sourceFiles(serverDir)) {
    const file = path.relative(serverDir, full);
    const from = folderOf(file);
    if (from === null) continue;
    for (const { specifier, typeOnly } of importsOf(readFileSync(full, 'utf8'))) {
      const target = path.relative(serverDir, path.resolve(path.dirname(full), specifier));
      if (target.startsWith('..')) continue;
      const ref = { file, specifier, typeOnly };
      const to = folderOf(target);
      if (to === null) intoRoot.push(ref);
      else if (to !== from) {
        const out = edges.get(from) ?? new Map<string, ImportRef[]>();
        edges.set(from, out);
        out.set(to, [...(out.get(to) ?? []), ref]);
      }
    }
  }
  return { edges, intoRoot };
}

/** Pairs of folders that import each other, each pair once (`a <-> b`). */
function twoWayTies(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] {
  const ties: string[] = [];
  for (const [a, out] of edges) {
    for (const b of out.keys()) if (a < b && edges.get(b)?.has(a)) ties.push(`${a} <-> ${b}`);
  }
  return ties.sort();
}

/** One cycle (`a -> b -> c -> a`) per strongly connected group of folders, found depth first. */
function cycles(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): void => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      found.push([...trail.slice(at), node].join(' -> '));
      return;
    }
    if (done.has(node)) return;
    for (const next of edges.get(node)?.keys() ?? []) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) visit(node, []);
  return found;
}

describe('the folder graph checks', () => {
  const graph = (pairs: [string, string][]) => {
    const edges = new Map<string, Map<string, true>>();
    for (const [a, b] of pairs) edges.set(a, (edges.get(a) ?? new Map()).set(b, true));
    return edges;
  };

  it('find a two-way tie and a longer cycle, and pass a one-way graph', () => {
    expect(
      twoWayTies(
        graph([
          ['qb', 'chat-history'],
          ['chat-history', 'qb'],
        ]),
      ),
    ).toEqual(['chat-history <-> qb']);
    const threeWay = graph([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
    ]);
    expect(twoWayTies(threeWay)).toEqual([]);
    expect(cycles(threeWay)).toEqual(['a -> b -> c -> a']);
    expect(
      cycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('read static, type-only, re-exported, bare and dynamic imports', () => {
    const source = [
      "import type { A } from '../a';",
      'import {',
      '  b,',
      "} from '../b';",
      "export { c } from './c';",
      "import '../d';",
      "const e = await import('../e');",
      "import { z } from 'zod';",
      " * import nothing from '../comment' inside a comment's text",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: '../a', typeOnly: true },
      { specifier: '../b', typeOnly: false },
      { specifier: './c', typeOnly: false },
      { specifier: '../d', typeOnly: false },
      { specifier: '../e', typeOnly: false },
    ]);
  });
});

describe('src/server folder graph', () => {
  const { edges, intoRoot } = buildGraph();
  const describeEdge = (a: string, b: string) =>
    `${a} -> ${b}: ${(edges.get(a)?.get(b) ?? []).map((r) => `${r.file} imports '${r.specifier}'`).join(', ')}`;

  it('has no two folders importing each other', () => {
    const ties = twoWayTies(edges).map((tie) => {
      const [a, b] = tie.split(' <-> ') as [string, string];
      return `${tie}\n  ${describeEdge(a, b)}\n  ${describeEdge(b, a)}`;
    });
    expect(ties).toEqual([]);
  });

  it('has no cycle through several folders', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('imports the files at src/server root (the wiring) from folders for types only', () => {
    const runtime = intoRoot.filter((r) => !r.typeOnly).map((r) => `${r.file} imports '${r.specifier}'`);
    expect(runtime).toEqual([]);
  });

  it("names every folder in eslint.config.js's serverFolders, so lint holds it to its place", async () => {
    const config = (await import(pathToFileURL(path.join(repo, 'eslint.config.js')).href)) as {
      serverFolders: string[];
    };
    const folders = readdirSync(serverDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && sourceFiles(path.join(serverDir, e.name)).length > 0)
      .map((e) => e.name);
    expect(folders.filter((f) => !config.serverFolders.includes(f))).toEqual([]);
  });
});
