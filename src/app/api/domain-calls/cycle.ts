/** The cycle data's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { cycleDataApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The cycle data's calls on `api`, the portal root's client (`usePortalApi()`). */
export const cycleCalls = (api: PortalApi) => api.calls(cycleDataApi);
