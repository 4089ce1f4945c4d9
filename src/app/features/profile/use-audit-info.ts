/** Audit info (spec §3) in TanStack Query: one key, refetched by the main layout on every navigation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '../../api/domain-calls';
import { readFailed, retryFailed } from '../../components/read-failure';
import { usePortalApi } from '../../root';
import { AUDIT_INFO_KEY, auditInfoQuery, categoriesQuery, countriesQuery, languagesQuery } from './queries';

export function useAuditInfo() {
  return useQuery(auditInfoQuery(usePortalApi()));
}

/** Records that the decision popup was seen (auditedPopupPage), so it shows once. */
export function useMarkPopupShown() {
  const client = useQueryClient();
  const calls = profileCalls(usePortalApi());
  return useMutation({
    mutationFn: () => calls.markPopupShown(),
    onSuccess: (audit) =>
      client.setQueryData(AUDIT_INFO_KEY, (old: Awaited<ReturnType<typeof calls.auditInfo>> | undefined) =>
        old ? { ...old, ...audit } : old,
      ),
  });
}

export function useProfileOptions() {
  const api = usePortalApi();
  const categories = useQuery(categoriesQuery(api));
  const languages = useQuery(languagesQuery(api));
  const countries = useQuery(countriesQuery(api));
  return {
    categories: categories.data ?? [],
    languages: languages.data ?? [],
    countries: countries.data ?? [],
    loading: categories.isPending || languages.isPending || countries.isPending,
    /** A list could not be read: what shows them must not show them empty (query-failed.tsx). */
    failed: readFailed(categories) || readFailed(languages) || readFailed(countries),
    retry: () => retryFailed(categories, languages, countries),
  };
}
