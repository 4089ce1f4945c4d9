/** The profile's own-API calls, with its uploads: a module of its own, so only the routes that call them load their contracts (index.ts). */
import { profileApi } from '../../../rest';
import { api, upload } from '../api-client';

export const profileCalls = profileApi(api, upload);
