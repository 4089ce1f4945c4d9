/**
 * Issue 11 "The wire format stays in the protocol folders": the dialog types
 * (docs/wire/hosted-chat.md §5.1) are one constant in src/shared, which the chat stack, the
 * chat-service client, the server and the portal use; no folder spells the codes itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALOG_TYPE, isDialogTypeCode } from '../../../src/shared/dialog-type';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(item.name) ? [full] : [];
  });
}

/** A dialog type written as a number: a constant of its own, a list of the codes, a comparison. */
const SPELLED_CODES = [
  /\b(PRIVATE|GROUP|PUBLIC_GROUP)\w*\s*=\s*[123]\b/,
  /\[\s*1\s*,\s*2\s*,\s*3\s*\]/,
  /\btype\s*[!=]==?\s*[123]\b/,
];

describe('dialog types', () => {
  it('are spelled only in src/shared/dialog-type.ts', () => {
    const spelled = ['app', 'rest', 'server', 'xmpp', 'socket'].flatMap((folder) =>
      sourceFiles(path.join(SRC, folder)).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            SPELLED_CODES.some((pattern) => pattern.test(line))
              ? [`${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      ),
    );
    expect(spelled).toEqual([]);
  });

  it('accepts the three codes and nothing else', () => {
    expect(Object.values(DIALOG_TYPE).filter(isDialogTypeCode)).toEqual([1, 2, 3]);
    for (const other of [0, 4, '3', 3.5, null, undefined]) expect(isDialogTypeCode(other)).toBe(false);
  });
});
