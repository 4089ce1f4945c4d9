/** Audit info (spec §3) in TanStack Query: one key, refetched by the main layout on every navigation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { profileCalls } from '../../api/domain-calls';
import { readFailed, retryFailed } from '../../components/read-failure';
import { usePortalApi } from '../../root';
import { countriesIn, languagesIn } from './option-names';
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

/** The profile form's choices, named in the portal's language. */
export function useProfileOptions() {
  const api = usePortalApi();
  const categories = useQuery(categoriesQuery(api));
  const languages = useQuery(languagesQuery(api));
  const countries = useQuery(countriesQuery(api));
  // Specialities come in her language from the server; countries and languages are named here.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const named = useMemo(
    () => ({
      languages: languagesIn(language, languages.data ?? []),
      countries: countriesIn(language, countries.data ?? []),
    }),
    [language, languages.data, countries.data],
  );
  return {
    categories: categories.data ?? [],
    languages: named.languages,
    countries: named.countries,
    loading: categories.isPending || languages.isPending || countries.isPending,
    /** A list could not be read: what shows them must not show them empty (query-failed.tsx). */
    failed: readFailed(categories) || readFailed(languages) || readFailed(countries),
    retry: () => retryFailed(categories, languages, countries),
  };
}
