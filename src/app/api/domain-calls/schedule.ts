/** The schedule's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { scheduleApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The schedule's calls on `api`, the portal root's client (`usePortalApi()`). */
export const scheduleCalls = (api: PortalApi) => api.calls(scheduleApi);
