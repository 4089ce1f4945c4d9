/**
 * Server data of the profile feature (TanStack Query; docs/architecture.md §3): audit info (spec §3; refetched
 * by the main layout on every navigation), the provider's info the top bar shows (a new name or
 * avatar refreshes it), and the options of the profile form.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PortalApi } from '../../api/api-client';
import { profileCalls } from '../../api/domain-calls';
import { accountCalls } from '../../api/domain-calls/account';
import { QUERY_ROOTS } from '../../api/query-keys';

export const AUDIT_INFO_KEY = [...QUERY_ROOTS.profile, 'auditInfo'] as const;
export const DOCTOR_INFO_KEY = QUERY_ROOTS.doctorInfo;

export const auditInfoQuery = (api: PortalApi) =>
  queryOptions({ queryKey: AUDIT_INFO_KEY, queryFn: () => profileCalls(api).auditInfo() });

export const doctorInfoQuery = (api: PortalApi) =>
  queryOptions({ queryKey: DOCTOR_INFO_KEY, queryFn: () => accountCalls(api).getDoctorInfo() });

/** The form's choices change rarely: fetched once per session. */
export const categoriesQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.profile, 'categories'],
    queryFn: () => profileCalls(api).categories(),
    staleTime: Infinity,
  });

export const languagesQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.profile, 'languages'],
    queryFn: () => profileCalls(api).languages(),
    staleTime: Infinity,
  });

export const countriesQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.profile, 'countries'],
    queryFn: () => profileCalls(api).countries(),
    staleTime: Infinity,
  });
