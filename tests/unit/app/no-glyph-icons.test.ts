/**
 * Issue 26 "It looks finished": the portal's icons are lucide's line icons, never Unicode glyphs (⏳
 * shows as an empty box on a machine without an emoji font). This reads every source file of
 * src/app with the TypeScript parser and every translation, and reports each string, template
 * and JSX text that holds an arrow, a technical or miscellaneous symbol, a geometric shape, a
 * dingbat or an emoji. Comments may use them; what the portal shows may not.
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

it('finds a glyph where one is shown (the check itself)', () => {
  expect(GLYPH.test('⏳ Waiting')).toBe(true);
  expect(GLYPH.test('Sent ✓')).toBe(true);
  expect(GLYPH.test('UTC−03:30 · 12–14 …')).toBe(false);
});
