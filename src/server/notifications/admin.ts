/**
 * Admin route for tools and tests (docs/architecture.md §3 "One process owns the embedded database"):
 * `POST /internal/admin/notifications {email, category, title, body?, data?}` creates a notification
 * for a provider exactly as a real event does (createNotification), so the push path is the same.
 */
import { z } from 'zod';
import { NotificationCategory } from '../../shared/api/notifications';
import { adminInput, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ok } from '../http/envelope';
import { createNotification } from './create-notification';

const Body = z.object({
  email: z.string(),
  category: NotificationCategory,
  title: z.string().trim().min(1).max(200),
  body: z.string().max(2000).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const notificationAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.post('/notifications', async (request, reply) => {
    const input = adminInput(Body, request.body);
    const provider = await findProviderByEmail(ctx, input.email);
    const id = await createNotification(ctx, {
      providerId: provider.id,
      category: input.category,
      title: input.title,
      body: input.body,
      data: input.data,
    });
    return ok(reply, { id, providerId: provider.id });
  });
};
