/**
 * Comments cite documents (docs/conventions.md "What we do" 7, docs/README.md "Citations in the
 * code"): every cited `*.md` file must exist in the repository, and every cited section of the
 * architecture, the hosted-chat wire, the lessons and the conventions must exist there, so a
 * newcomer never follows a dead reference.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'scripts', 'tests', 'eslint.config.js'];
const SKIPPED_DIRS = new Set(['node_modules', 'generated']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|lua|sql|proto|css)$/;

/** A Markdown path as comments write it: `README.md`, `docs/wire/hosted-chat.md`, `../docs/README.md`. */
const MD_PATH = /(?<![\w/.-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]+\.md)(?![\w])/g;
/** Sections cited right after a document, up to the next thing the comment cites. */
const SECTION = /§(\d+(?:\.\d+)*)/g;
const CITATION_END = /[;)(]|\bspec\b|\bissue\b|\bXEP-|\bRFC\b|\bdocs\/|\bwire §/;

interface Citation {
  where: string;
  target: string;
  /** Text after the citation on the same line, up to the next citation of something else. */
  tail: string;
}

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (SOURCE.test(entry)) return [full];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const itemPath = path.join(dir, item.name);
      if (item.isDirectory()) {
        if (!SKIPPED_DIRS.has(item.name)) walk(itemPath);
      } else if (SOURCE.test(item.name)) {
        files.push(itemPath);
      }
    }
  };
  walk(full);
  // This file names the old forms on purpose.
  return files.filter((file) => file !== fileURLToPath(import.meta.url));
}

function tailAfter(line: string, from: number): string {
  const rest = line.slice(from);
  const end = rest.search(CITATION_END);
  return end === -1 ? rest : rest.slice(0, end);
}

function collectCitations(): { files: Citation[]; wire: Citation[] } {
  const files: Citation[] = [];
  const wire: Citation[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const relative = path.relative(ROOT, file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const where = `${relative}:${index + 1}`;
        for (const match of line.matchAll(MD_PATH)) {
          const cited = match[1]!;
          const fromRoot = path.resolve(ROOT, cited);
          const fromFile = path.resolve(path.dirname(file), cited);
          const target = existsSync(fromRoot) ? fromRoot : existsSync(fromFile) ? fromFile : null;
          files.push({
            where,
            target: target ? path.relative(ROOT, target) : `missing:${cited}`,
            tail: tailAfter(line, match.index! + cited.length),
          });
        }
        // The short form `wire §5.1` means docs/wire/hosted-chat.md §5.1.
        for (const match of line.matchAll(/\bwire (§\d)/g)) {
          wire.push({ where, target: 'docs/wire/hosted-chat.md', tail: tailAfter(line, match.index! + 5) });
        }
      });
  }
  return { files, wire };
}

function read(relative: string): string {
  return readFileSync(path.join(ROOT, relative), 'utf8');
}

/** Section numbers of a page whose headings start with `§N`. */
function headedSections(relative: string): Set<string> {
  return new Set([...read(relative).matchAll(/^#{1,6} §(\d+(?:\.\d+)*)\b/gm)].map((m) => m[1]!));
}

/** Numbers of the top-level numbered list items of a page (or of one of its sections). */
function listItems(relative: string, underHeading?: string): Set<string> {
  let text = read(relative);
  if (underHeading) {
    const start = text.indexOf(`## ${underHeading}`);
    text = start === -1 ? '' : text.slice(start).split(/\n## /)[0]!;
  }
  return new Set([...text.matchAll(/^(\d+)\. /gm)].map((m) => m[1]!));
}

const { files, wire } = collectCitations();

describe('documents cited in comments', () => {
  it('finds citations to check', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('cite only files that exist in the repository', () => {
    const dead = files.filter((c) => c.target.startsWith('missing:')).map((c) => `${c.where} → ${c.target}`);
    expect(dead).toEqual([]);
  });

  it('cite the lessons by their file, not by a name outside the repository', () => {
    const old = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\bpeer-lessons\b/i.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}`] : [],
        ),
    );
    expect(old).toEqual([]);
  });

  it('cite sections of the architecture and the hosted-chat wire that have a heading', () => {
    const sections: Record<string, Set<string>> = {
      'docs/architecture.md': headedSections('docs/architecture.md'),
      'docs/wire/hosted-chat.md': headedSections('docs/wire/hosted-chat.md'),
    };
    const dead = [...files, ...wire].flatMap((c) => {
      const known = sections[c.target];
      if (!known) return [];
      return [...c.tail.matchAll(SECTION)]
        .map((m) => m[1]!)
        .filter((n) => !known.has(n))
        .map((n) => `${c.where} → ${c.target} §${n}`);
    });
    expect(dead).toEqual([]);
  });

  it('cite lessons and conventions by numbers that exist', () => {
    const lessons = listItems('docs/lessons.md');
    const conventions = listItems('docs/conventions.md', 'What we do');
    const dead = files.flatMap((c) => {
      if (c.target === 'docs/lessons.md') {
        return [...c.tail.matchAll(SECTION)]
          .map((m) => m[1]!)
          .filter((n) => !lessons.has(n))
          .map((n) => `${c.where} → lessons §${n}`);
      }
      if (c.target === 'docs/conventions.md') {
        const item = /^\s*(?:"What we do"\s*)?(\d+)\b/.exec(c.tail)?.[1];
        return item && !conventions.has(item) ? [`${c.where} → conventions ${item}`] : [];
      }
      return [];
    });
    expect(dead).toEqual([]);
  });

  it('cite headings of docs/prosody.md that exist', () => {
    const headings = [...read('docs/prosody.md').matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.toLowerCase());
    const dead = files.flatMap((c) => {
      if (c.target !== 'docs/prosody.md') return [];
      const quoted = /^\s*"([^"]+)"/.exec(c.tail)?.[1];
      return quoted && !headings.some((h) => h.startsWith(quoted.toLowerCase()))
        ? [`${c.where} → prosody.md "${quoted}"`]
        : [];
    });
    expect(dead).toEqual([]);
  });

  it('docs name only source paths that exist', () => {
    // Named on purpose though absent: the migrations' name pattern.
    const notFiles = new Set(['src/server/db/migrations/NNNN_name.sql']);
    const docs = [
      'README.md',
      ...readdirSync(path.join(ROOT, 'docs'), { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join('docs', name)),
    ];
    const dead = docs.flatMap((doc) =>
      [...read(doc).matchAll(/`((?:src|scripts|tests|proto|fixtures)\/[^`\s*{}]+?)\/?`/g)]
        .map((m) => m[1]!)
        .filter((cited) => !notFiles.has(cited) && !existsSync(path.join(ROOT, cited)))
        .map((cited) => `${doc} → ${cited}`),
    );
    expect(dead).toEqual([]);
  });
});
