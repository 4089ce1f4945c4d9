/**
 * `POST /internal/prosody/messages`: mod_portal_history's reports (docs/architecture.md §1 "every stored
 * chat message, receipt and read marker: POSTed to src/server"), guarded by the Prosody hook
 * secret. Items are handled in order; 200 tells the module to drop them from its outbox, any
 * other answer makes it retry the same batch later (storing is idempotent by message id).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { hookGuard, PROSODY_HOOK_PREFIX } from '../prosody/hooks';
import { HistoryReport, type ReportProcessor } from './report';

export async function registerHistoryHook(
  app: FastifyInstance,
  ctx: ServerContext,
  reports: ReportProcessor,
) {
  await app.register(
    async (hooks) => {
      hooks.addHook('onRequest', hookGuard(ctx));
      hooks.post('/messages', { bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
        const parsed = HistoryReport.safeParse(request.body);
        if (!parsed.success) {
          request.log.error({ issues: parsed.error.issues.slice(0, 3) }, 'unreadable history report');
          return reply.code(400).send({ ok: false });
        }
        const counts = await reports.processBatch(parsed.data.items, (item) =>
          request.log.warn({ item: { ...item, body: undefined } }, 'history report item dropped'),
        );
        return reply.code(200).send({ ok: true, ...counts });
      });
    },
    { prefix: PROSODY_HOOK_PREFIX },
  );
}
