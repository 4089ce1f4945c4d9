/**
 * Builds the portal when its sources are newer than the build, then starts the real stack
 * (server serving the built portal, Prosody, PGlite) for the whole e2e run.
 */
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { provideTemplate, startStack } from '../support/stack';

export default async function globalSetup() {
  ensurePortalBuilt();
  const removeTemplate = await provideTemplate();
  const stack = await startStack({ portal: true });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_DATA_DIR = stack.dataDir;
  process.env.E2E_ADMIN_SECRET = stack.adminSecret;
  process.env.E2E_C2S_PORT = String(stack.c2sPort);
  return async () => {
    await stack.stop({ remove: true });
    await removeTemplate();
  };
}
