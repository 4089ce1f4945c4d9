/** The calls' own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { callApi } from '../../../rest';
import { api } from '../api-client';

export const callCalls = callApi(api);
