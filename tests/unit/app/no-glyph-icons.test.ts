/**
 * Issue 26 "It looks finished": the portal's icons are lucide's line icons, never Unicode glyphs (⏳
 * shows as an empty box on a machine without an emoji font). This reads every source file of
 * src/app with the TypeScript parser and every translation, and reports each string, template
 * and JSX text that holds an arrow, a technical or miscellaneous symbol, a geometric shape, a
 * dingbat or an emoji. Comments may use them; what the portal shows may not. The icons are
 * imported by name, so the bundle holds only those used (tree-shaken): no namespace import, no
 * dynamic one, no `lucide-react/dynamic`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { APP, appSources } from './app-sources';

/** Arrows, technical symbols, box drawing and geometric shapes, miscellaneous symbols, dingbats, emoji. */
const GLYPH = /[\u2190-\u21ff\u2300-\u23ff\u2500-\u27bf\u2b00-\u2bff\u{1f000}-\u{1faff}]/u;

/** The texts a file shows: its string literals, template parts and JSX text, with their lines. */
function shownTexts(source: ts.SourceFile): Array<{ line: number; text: string }> {
  const texts: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      texts.push({
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        text: node.text,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

it('shows no glyph as an icon: not in the source of src/app', () => {
  const found = appSources().flatMap(({ relative, source }) =>
    shownTexts(source)
      .filter(({ text }) => GLYPH.test(text))
      .map(({ line, text }) => `${relative}:${line} ${JSON.stringify(text)}`),
  );
  expect(found).toEqual([]);
});

it('shows no glyph as an icon: not in any translation', () => {
  const locales = path.join(APP, 'i18n/locales');
  const found = fs
    .readdirSync(locales, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) =>
      stringsOf(JSON.parse(fs.readFileSync(path.join(locales, name), 'utf8')))
        .filter((text) => GLYPH.test(text))
        .map((text) => `${name}: ${JSON.stringify(text)}`),
    );
  expect(found).toEqual([]);
});

/** Every import of lucide in a file that would bring in more than the icons it names. */
function wholeIconSetImports(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const line = () => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const bindings = node.importClause?.namedBindings;
      if (from.startsWith('lucide-react/')) found.push(`${line()}: import from '${from}'`);
      else if (
        from === 'lucide-react' &&
        (node.importClause?.name || (bindings && ts.isNamespaceImport(bindings)))
      )
        found.push(`${line()}: a default or namespace import of lucide-react`);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[0].text.startsWith('lucide-react')
    )
      found.push(`${line()}: a dynamic import of ${node.arguments[0].text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('imports each icon by name, so only the icons used are bundled', () => {
  const sources = appSources();
  expect(sources.some(({ source }) => source.text.includes("from 'lucide-react'"))).toBe(true);
  const found = sources.flatMap(({ relative, source }) =>
    wholeIconSetImports(source).map((what) => `${relative}:${what}`),
  );
  expect(found).toEqual([]);
});

it('finds an import of the whole icon set (the check itself)', () => {
  const parse = (text: string) => ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true);
  expect(wholeIconSetImports(parse("import * as Icons from 'lucide-react';"))).toHaveLength(1);
  expect(wholeIconSetImports(parse("import { DynamicIcon } from 'lucide-react/dynamic';"))).toHaveLength(1);
  expect(wholeIconSetImports(parse("const icons = await import('lucide-react');"))).toHaveLength(1);
  expect(wholeIconSetImports(parse("import { Heart, Video } from 'lucide-react';"))).toEqual([]);
});

it('finds a glyph where one is shown (the check itself)', () => {
  expect(GLYPH.test('⏳ Waiting')).toBe(true);
  expect(GLYPH.test('Sent ✓')).toBe(true);
  expect(GLYPH.test('UTC−03:30 · 12–14 …')).toBe(false);
});
