/**
 * The account's own-API calls (sign-in, sign-up, the provider's info and password) and the
 * agreement's: what the public pages call, so no domain index brings them
 * along; the sign-in form loads them with its sending side (docs/performance.md "Route budgets").
 */
import { accountApi, protocolApi } from '../../../rest';
import type { PortalApi } from '../api-client';

/** The account's calls on `api`, the portal root's client (`usePortalApi()`). */
export const accountCalls = (api: PortalApi) => api.calls(accountApi);
/** The agreement's calls (spec §5 agreement popup). */
export const protocolCalls = (api: PortalApi) => api.calls(protocolApi);
