/**
 * Cycle data (spec §7 "Content and cycle data", issue 12) as one server module: the analysis,
 * comparison and daily-chart calls, the link calls and their files, and the sweep of expired
 * links.
 */
import type { ServerModule } from '../app';
import type { BlobStore } from '../blobs/blob-store';
import { registerCycleDataRoutes } from './data-routes';
import { sweepExpiredFileLinks } from './file-links';
import { registerCycleLinkRoutes } from './link-routes';

const SWEEP_INTERVAL_MS = 10 * 60_000;
let timer: NodeJS.Timeout | null = null;

export const cycleDataModule: ServerModule = {
  name: 'cycle-data',
  rawRoutes: {
    '/api/core/cycle/file/{token}': {
      get: {
        summary:
          'A generated PDF (cycle analysis, comparison, expert report) behind its link: the 256-bit token is the credential, 15 minutes',
        tags: ['Cycle data'],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The PDF', content: { 'application/pdf': {} } },
          '404': { description: 'Error envelope NOT_FOUND' },
          '410': { description: 'Error envelope LINK_EXPIRED' },
        },
      },
    },
  },
  api(api, ctx, deps) {
    registerCycleDataRoutes(api, ctx);
    registerCycleLinkRoutes(api, ctx, deps.blobs);
  },
  start(ctx, deps) {
    const blobs: BlobStore = deps.blobs;
    timer = setInterval(() => {
      sweepExpiredFileLinks(ctx.db, blobs).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'sweeping expired file links failed'),
      );
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
