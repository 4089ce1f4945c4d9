/**
 * Routes register one way (docs/architecture.md §2 "Inside the server"): every server folder that
 * registers routes has a `module.ts`, and `modules.ts` lists each module once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SERVER_MODULES } from '../../../src/server/modules';
import { ROOT } from '../../support/stack';

const SERVER = path.join(ROOT, 'src/server');
/** A route registered in a file: with its contract, or on a Fastify instance or scope. */
const REGISTERS = /\bregisterEndpoint\(|\b(app|scope|api|admin)\.(get|post|put|patch|delete)\(/;

/** The platform's folders, which app.ts wires itself: the admin API's gate and the portal's files. */
const PLATFORM = ['admin', 'portal'];

const folders = readdirSync(SERVER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function registersRoutes(folder: string): boolean {
  return readdirSync(path.join(SERVER, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .some((name) => REGISTERS.test(readFileSync(path.join(SERVER, folder, name), 'utf8')));
}

it('gives every server folder that registers routes a module.ts', () => {
  const withRoutes = folders.filter((folder) => !PLATFORM.includes(folder) && registersRoutes(folder));
  expect(withRoutes).toContain('chat-history');
  const without = withRoutes.filter(
    (folder) => !readdirSync(path.join(SERVER, folder)).includes('module.ts'),
  );
  expect(without).toEqual([]);
});

it('lists each module once in modules.ts, one per folder with a module.ts', () => {
  const names = SERVER_MODULES.map((module) => module.name);
  expect(new Set(names).size).toBe(names.length);
  const withModule = folders.filter((folder) => readdirSync(path.join(SERVER, folder)).includes('module.ts'));
  expect(SERVER_MODULES).toHaveLength(withModule.length);
});
