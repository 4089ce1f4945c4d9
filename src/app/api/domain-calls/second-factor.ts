/**
 * The second factor's own-API calls (docs/security.md "Second factor"): a module of its own,
 * loaded with the second step of a sign-in and with Settings (index.ts).
 */
import { secondFactorApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The second factor's calls on `api`, the portal root's client (`usePortalApi()`). */
export const secondFactorCalls = (api: PortalApi) => api.calls(secondFactorApi);
