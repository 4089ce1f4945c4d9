/**
 * The second factor's own-API calls (docs/security.md "Second factor"): a module of its own,
 * loaded with the second step of a sign-in and with Settings (index.ts).
 */
import { secondFactorApi } from '../../../rest';
import { api } from '../api-client';

export const secondFactorCalls = secondFactorApi(api);
