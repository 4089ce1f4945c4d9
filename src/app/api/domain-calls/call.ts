/** The calls' own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { callApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The calls' calls on `api`, the portal root's client (`usePortalApi()`). */
export const callCalls = (api: PortalApi) => api.calls(callApi);
