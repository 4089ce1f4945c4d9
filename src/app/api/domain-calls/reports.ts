/** The expert reports' own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { expertReportsApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The expert reports' calls on `api`, the portal root's client (`usePortalApi()`). */
export const reportCalls = (api: PortalApi) => api.calls(expertReportsApi);
