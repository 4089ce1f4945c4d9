/**
 * Report calls the screens answer themselves (claim, disclaim, complete, save, file links) are
 * made quietly so the reason shows beside the action; what the error catalogue must still do
 * (sign-out, the timeout message, 'No permission' on a report path; spec §8) it still does here.
 */
import i18next from 'i18next';
import { ApiError, NO_REPORT_ACCESS } from '../../../rest';
import type { PortalApi } from '../../api/api-client';

/** The text to show beside the action, after the catalogue's own effects (`api`'s, the root's client). */
export function explainReportError(api: PortalApi, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isTokenError || error.code === NO_REPORT_ACCESS) {
      api.handleError(error);
      return i18next.t('common:errors.noPermission');
    }
    if (error.isTimeout) return i18next.t('common:errors.timeout');
    if (error.code === 'NETWORK_ERROR') return i18next.t('common:errors.network');
    return error.message;
  }
  return i18next.t('common:errors.generic');
}
