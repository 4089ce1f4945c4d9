/** Audit info (spec §3) in TanStack Query: one key, refetched by the main layout on every navigation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '../../api/domain-calls';

export const AUDIT_INFO_KEY = ['profile', 'auditInfo'] as const;
/** The main layout's doctor-info key: a new name or avatar refreshes the top bar. */
export const DOCTOR_INFO_KEY = ['account', 'doctorInfo'] as const;

export function useAuditInfo() {
  return useQuery({ queryKey: AUDIT_INFO_KEY, queryFn: () => profileCalls.auditInfo() });
}

/** Records that the decision popup was seen (auditedPopupPage), so it shows once. */
export function useMarkPopupShown() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => profileCalls.markPopupShown(),
    onSuccess: (audit) =>
      client.setQueryData(
        AUDIT_INFO_KEY,
        (old: Awaited<ReturnType<typeof profileCalls.auditInfo>> | undefined) =>
          old ? { ...old, ...audit } : old,
      ),
  });
}

export function useProfileOptions() {
  const categories = useQuery({
    queryKey: ['profile', 'categories'],
    queryFn: () => profileCalls.categories(),
    staleTime: Infinity,
  });
  const languages = useQuery({
    queryKey: ['profile', 'languages'],
    queryFn: () => profileCalls.languages(),
    staleTime: Infinity,
  });
  const countries = useQuery({
    queryKey: ['profile', 'countries'],
    queryFn: () => profileCalls.countries(),
    staleTime: Infinity,
  });
  return {
    categories: categories.data ?? [],
    languages: languages.data ?? [],
    countries: countries.data ?? [],
    loading: categories.isPending || languages.isPending || countries.isPending,
  };
}
