/** The schedule's own-API calls: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { scheduleApi } from '../../../rest';
import { api } from '../api-client';

export const scheduleCalls = scheduleApi(api);
