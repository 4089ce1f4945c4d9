/** The chat's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { chatApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The chat's calls on `api`, the portal root's client (`usePortalApi()`). */
export const chatCalls = (api: PortalApi) => api.calls(chatApi);
