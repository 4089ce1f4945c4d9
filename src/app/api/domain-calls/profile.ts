/** The profile's own-API calls, with its uploads: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { profileApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The profile's calls on `api`, the portal root's client (`usePortalApi()`). */
export const profileCalls = (api: PortalApi) => api.calls(profileApi);
