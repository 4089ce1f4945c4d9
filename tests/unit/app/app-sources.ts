/**
 * The portal's source files (src/app, its tests and declarations aside), each read and parsed by
 * TypeScript once a worker, for the tests that read every one of them (module-state.test.ts,
 * no-glyph-icons.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const APP = path.join(process.cwd(), 'src/app');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();

/** Every source file of src/app, parsed (with parent nodes), by its path relative to src/app. */
export function appSources(): Array<{ relative: string; source: ts.SourceFile }> {
  return sources(APP).map((file) => {
    let source = parsed.get(file);
    if (!source) {
      source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      parsed.set(file, source);
    }
    return { relative: path.relative(APP, file).split(path.sep).join('/'), source };
  });
}
