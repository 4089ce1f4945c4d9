/**
 * The portal's one own-API client: token from the session, country from the user, the portal's
 * language as Accept-Language (the server writes PDFs and catalogues in it), and the error
 * catalogue of spec §8 applied to every failure (src/rest/error-catalogue.ts).
 */
import i18next from 'i18next';
import {
  accountApi,
  applyErrorCatalogue,
  chatIdentityApi,
  createApiClient,
  createUploader,
  NO_REPORT_ACCESS,
  protocolApi,
  type ApiError,
} from '../../rest';
import { apiPorts } from './api-ports';
import { isReportPath } from './report-access';
import { observedFetch } from './observed-fetch';

/**
 * Spec §8's catalogue for a failed call of the current session. A call sent with another token
 * (a session that ended since: a kick, a sign-out, a sign-in in its place) speaks for that
 * session only: its token error must not end the session signed in meanwhile. Without `sent`
 * (a quiet call's error, handled by the screen that made it), the current session's.
 */
export function handleApiError(error: ApiError, sent?: { token: string | null }): void {
  const ports = apiPorts();
  if (sent && sent.token !== ports.session.state.token) return;
  applyErrorCatalogue(error, {
    showMessage: (message) => ports.say(message),
    showTimeout: () => ports.say(i18next.t('common:errors.timeout')),
    signOut: () => ports.signOut(),
  });
  if (error.code === NO_REPORT_ACCESS && isReportPath(window.location.pathname)) ports.refuseReportPath();
}

const clientOptions = {
  getToken: () => apiPorts().session.state.token,
  // The console's seam (api/traffic.ts): a plain fetch while nobody listens.
  fetch: ((input, init) => observedFetch('api', apiPorts().traffic)(input, init)) satisfies typeof fetch,
  getCountry: () => apiPorts().session.state.userInfo?.country ?? null,
  getLanguage: () => i18next.language ?? null,
  onError: handleApiError,
};

export const api = createApiClient(clientOptions);
/** Uploads with progress (XMLHttpRequest; see src/rest/upload.ts). */
export const upload = createUploader(api);

export const accountCalls = accountApi(api);
export const protocolCalls = protocolApi(api);
export const chatIdentityCalls = chatIdentityApi(api);
