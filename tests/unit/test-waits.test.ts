/**
 * No test races the clock (docs/testing.md "Waiting"): every `vi.waitFor` in the tests names its
 * limit, since Vitest's default of 1 s is a pace a loaded machine misses, not a safety net.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { ROOT } from '../support/stack';

/** Each `vi.waitFor(…)` call given only its callback, as `file:line`. */
function waitsWithoutLimit(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === 'vi.waitFor' &&
      node.arguments.length < 2
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('gives every vi.waitFor in the tests a limit of its own', () => {
  const files = readdirSync(path.join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join('tests', name));
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((file) => waitsWithoutLimit(file, readFileSync(path.join(ROOT, file), 'utf8')));
  expect(found).toEqual([]);
});

it('finds a vi.waitFor without a limit (the check itself)', () => {
  expect(waitsWithoutLimit('x.ts', 'await vi.waitFor(() => expect(a).toBe(1));')).toEqual(['x.ts:1']);
  expect(waitsWithoutLimit('x.ts', 'await vi.waitFor(() => check(), { timeout: 30_000 });')).toEqual([]);
});
