/**
 * The report access guard of spec §5, §6: every path containing 'report' is entered only after
 * the check the spec names, a report list call (page 1, size 1, type MyTask), succeeds. It runs on
 * every navigation to such a path. A refusal (MEMBER_EXPERT_REPORT_NO_ACCESS) shows 'No
 * permission' and goes back (src/app/api/report-access.ts, through the API client's error policy).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { ApiError, NO_REPORT_ACCESS } from '../../rest';
import { reportCalls } from '../api/domain-calls';
import { QueryFailed } from '../components/query-failed';
import { reportAccessKey } from './queries';
import { usePortalApi } from '../root';

/** Spec §6: access is granted when this list call succeeds. */
export const REPORT_ACCESS_CHECK = { page: 1, pageSize: 1, type: 'MyTask' } as const;

export function RequireReportAccess() {
  const { t } = useTranslation();
  const location = useLocation();
  const reports = reportCalls(usePortalApi());
  const check = useQuery({
    queryKey: reportAccessKey(location.key),
    queryFn: () => reports.list(REPORT_ACCESS_CHECK),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  if (check.isSuccess) return <Outlet />;
  if (check.isError) {
    if (check.error instanceof ApiError && check.error.code === NO_REPORT_ACCESS)
      return <p className="p-6 text-slate-600">{t('errors.noPermission')}</p>;
    return <QueryFailed onRetry={() => void check.refetch()} />;
  }
  return (
    <p className="p-6 text-slate-500" aria-busy>
      {t('table.loading')}
    </p>
  );
}
