/**
 * The profile form's and view's choices (spec §7 "Profile and schedule"), in a module of their own
 * so that the pages that read only the audit info (the main layout, every signed-in page) do not
 * load the options' naming.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readFailed, retryFailed } from '../../components/read-failure';
import { usePortalApi } from '../../root';
import { countriesIn, languagesIn } from './option-names';
import { categoriesQuery, countriesQuery, languagesQuery } from './queries';

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
