/**
 * The portal's one own-API client: token from the session, country from the user, the portal's
 * language as Accept-Language (the server writes PDFs and catalogues in it), and the error
 * catalogue of spec §8 applied to every failure (src/rest/error-catalogue.ts). The portal root
 * makes it once, with the first caller (src/app/root: `root.api()`), so the login page's first
 * script does not carry it (docs/performance.md "Route budgets"); features read it with
 * `usePortalApi()` and a domain's calls through that domain's module (domain-calls/).
 */
import i18next from 'i18next';
import {
  applyErrorCatalogue,
  createApiClient,
  createUploader,
  NO_REPORT_ACCESS,
  type ApiClient,
  type ApiError,
  type Uploader,
} from '../../rest';
import { refusalText } from '../components/refusal-text';
import type { ApiPorts } from './api-ports';
import { createInFlight, type InFlight } from './in-flight';
import { isReportPath } from './report-access';
import { observedFetch } from './observed-fetch';

/** A domain's calls (src/rest: `profileApi`, `scheduleApi`, …) over a client and its uploader. */
export type Domain<T> = (client: ApiClient, upload: Uploader) => T;

/** The own-API client as the portal uses it: one per portal root. */
export interface PortalApi {
  readonly client: ApiClient;
  /** Uploads with progress (XMLHttpRequest; see src/rest/upload.ts). */
  readonly upload: Uploader;
  /** The client's requests in flight (in-flight.ts). */
  readonly inFlight: InFlight;
  /** `domain`'s calls on this client, made with the first ask and the same object after. */
  calls<T>(domain: Domain<T>): T;
  /**
   * The error catalogue (spec §8) for a failure the caller met outside the client (a file's
   * download, a quiet call's error the screen explains); `sent`: the token the call went out with,
   * when it was not the current session's.
   */
  handleError(error: ApiError, sent?: { token: string | null | undefined }): void;
}

/** The client that reports to `ports` (the portal root's toasts, traffic, session and navigation). */
export function createPortalApi(ports: ApiPorts): PortalApi {
  /**
   * A call sent with another token than the session's now (a session that ended since: a kick, a
   * sign-out, a sign-in in its place) speaks for that session only: its token error must not end
   * the session signed in meanwhile. Without `sent`, or for a call that brought its own token (a
   * session not kept yet, whose failure the sign-in must still show), the current session's.
   */
  /**
   * What each endpoint's last failure said (spec §8 messages): a later success of that endpoint
   * takes the message away, unless another endpoint's failure said it too and has not answered
   * since. A retry that worked leaves no error beside the data it brought.
   */
  const said = new Map<string, string>();
  const say = (text: string, endpoint?: string) => {
    ports.toasts.show(text);
    if (endpoint) said.set(endpoint, text);
  };
  const answered = (endpoint: string) => {
    const text = said.get(endpoint);
    if (!said.delete(endpoint) || [...said.values()].includes(text!)) return;
    const shown = ports.toasts.state.items.find((toast) => toast.text === text);
    if (shown) ports.toasts.dismiss(shown.id);
  };
  const handleError = (error: ApiError, sent?: { token: string | null | undefined; endpoint?: string }) => {
    if (sent?.token !== undefined && sent.token !== ports.session.state.token) return;
    applyErrorCatalogue(error, {
      showMessage: (message) => say(message, sent?.endpoint),
      showTimeout: () => say(i18next.t('common:errors.timeout'), sent?.endpoint),
      showRefusal: (fields) => say(refusalText(fields), sent?.endpoint),
      signOut: () => ports.signOut(),
    });
    if (error.code === NO_REPORT_ACCESS && isReportPath(window.location.pathname)) ports.refuseReportPath();
  };
  const inFlight = createInFlight();
  const client = createApiClient({
    getToken: () => ports.session.state.token,
    // The console's seam (api/traffic.ts): a plain fetch while nobody listens.
    fetch: inFlight.track(observedFetch('api', ports.traffic)),
    getCountry: () => ports.session.state.userInfo?.country ?? null,
    getLanguage: () => i18next.language ?? null,
    onError: handleError,
    onSuccess: answered,
  });
  const upload = createUploader(client);
  const made = new Map<Domain<unknown>, unknown>();
  return {
    client,
    upload,
    inFlight,
    calls<T>(domain: Domain<T>): T {
      if (!made.has(domain)) made.set(domain, domain(client, upload));
      return made.get(domain) as T;
    },
    handleError,
  };
}
