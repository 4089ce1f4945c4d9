/** The consultations' own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { consultationApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The consultations' calls on `api`, the portal root's client (`usePortalApi()`). */
export const consultationCalls = (api: PortalApi) => api.calls(consultationApi);
