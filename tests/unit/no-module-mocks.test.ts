/**
 * No test mocks a module of our own (docs/testing.md "Fakes, not mocks"): a test hands the code a
 * fake through its parameters — a runtime, a transport, a clock, a password check — so what it
 * tests is the module as it ships, and a module needs no file of its own to be mocked in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/stack';

/** Each `vi.mock`/`vi.doMock` of a relative path (a module of ours), as `file:line`. */
function ownModuleMocks(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (/\bvi\.(do)?[mM]ock\(\s*['"`]\.{1,2}\//.test(line) ? [`${file}:${i + 1}`] : []));
}

it('mocks no module of our own in any test', () => {
  const files = readdirSync(path.join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('no-module-mocks.test.ts'))
    .map((name) => path.join('tests', name));
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((file) => ownModuleMocks(file, readFileSync(path.join(ROOT, file), 'utf8')));
  expect(found).toEqual([]);
});

it('finds a mock of a module of ours (the check itself)', () => {
  expect(ownModuleMocks('x.ts', "vi.mock('../../src/server/auth/passwords', { spy: true });")).toEqual([
    'x.ts:1',
  ]);
  expect(ownModuleMocks('x.ts', "vi.doMock('./chat-link');")).toEqual(['x.ts:1']);
  expect(ownModuleMocks('x.ts', 'const check = rememberVerifiedPasswords(counting);')).toEqual([]);
});
