/** The content own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { contentApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The content calls on `api`, the portal root's client (`usePortalApi()`). */
export const contentCalls = (api: PortalApi) => api.calls(contentApi);
