/** The notifications' own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { notificationsApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The notifications' calls on `api`, the portal root's client (`usePortalApi()`). */
export const notificationCalls = (api: PortalApi) => api.calls(notificationsApi);
