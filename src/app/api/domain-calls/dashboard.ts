/** The dashboard's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { dashboardApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The dashboard's calls on `api`, the portal root's client (`usePortalApi()`). */
export const dashboardCalls = (api: PortalApi) => api.calls(dashboardApi);
