/**
 * The portal's import rules (docs/architecture.md §2) are enforced by lint: each break below is
 * reported by import-x/no-restricted-paths, and the imports the rules allow are not.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Only the zones are under test: the cycle check walks the whole graph and is slow.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('portal import zones', () => {
  // The first lint loads the configuration, its plugins and the import resolver: on a loaded
  // machine that alone took more than half a minute, so it is done once here, not in a test.
  beforeAll(async () => {
    await eslint.lintText('export {};', { filePath: 'src/app/paths-warm-up.ts' });
  });

  it.each([
    ['a feature imports another', 'src/app/features/account/x.ts', "export { signOut } from '../auth';"],
    [
      'a feature imports storage',
      'src/app/features/profile/x.ts',
      "export { storage } from '../../storage/local-storage';",
    ],
    [
      'a feature imports the router',
      'src/app/features/chat/x.ts',
      "export { routeFor } from '../../router/route-table';",
    ],
    ['api imports a feature', 'src/app/api/x.ts', "export { signOut } from '../features/auth';"],
    ['api imports the connections', 'src/app/api/x.ts', "export { useChat } from '../connections';"],
    [
      'connections import a feature',
      'src/app/connections/x.ts',
      "export { createMessagesChatPlugin } from '../features/chat';",
    ],
    [
      'a layout imports a route',
      'src/app/layouts/x.ts',
      "export { default } from '../routes/not-found-page';",
    ],
    [
      'the session imports the API',
      'src/app/session/x.ts',
      "export { createPortalApi } from '../api/api-client';",
    ],
    ['the root imports the connections', 'src/app/root/x.ts', "export { useChat } from '../connections';"],
    ['api imports the root', 'src/app/api/x.ts', "export { useToasts } from '../root';"],
    ['a component imports the root', 'src/app/components/x.ts', "export { useToasts } from '../root';"],
    [
      'a feature imports the runtime',
      'src/app/features/chat/x.ts',
      "export { createPortalRuntime } from '../../runtime';",
    ],
    [
      'the connections import the runtime',
      'src/app/connections/x.ts',
      "export { createPortalRuntime } from '../runtime';",
    ],
    [
      'the runtime imports a layout',
      'src/app/runtime/x.ts',
      "export { IdleLogoff } from '../layouts/idle-logoff';",
    ],
  ])('reports %s', async (_what, filePath, code) => {
    expect(await zoneErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature imports itself, components, api, root, connections, session and paths',
      'src/app/features/chat/x.ts',
      "export * from './chat-store';\nexport * from '../../components/red-dot';\nexport * from '../../api/query-keys';\n" +
        "export * from '../../root';\nexport * from '../../connections';\nexport * from '../../session';\nexport * from '../../paths';",
    ],
    [
      'the router imports a route',
      'src/app/router/x.ts',
      "export { default } from '../routes/not-found-page';",
    ],
    ['the signed-in shell imports the features', 'src/app/layouts/x.ts', "export * from '../features/chat';"],
    ['the connections import the root', 'src/app/connections/x.ts', "export * from '../root';"],
    [
      'the runtime joins the connections and the features, and the shell makes it',
      'src/app/runtime/x.ts',
      "export * from '../connections';\nexport * from '../features/chat';\nexport * from '../features/notifications';",
    ],
    ['the signed-in shell imports the runtime', 'src/app/layouts/x.ts', "export * from '../runtime';"],
    [
      'the root imports api, session and components',
      'src/app/root/x.ts',
      "export * from '../api/traffic';\nexport * from '../session';\nexport * from '../components/toast-store';",
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await zoneErrors(filePath, code)).toEqual([]);
  });
});
