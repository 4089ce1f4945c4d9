/** The dashboard's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { dashboardApi } from '../../../rest';
import { api } from '../api-client';

export const dashboardCalls = dashboardApi(api);
