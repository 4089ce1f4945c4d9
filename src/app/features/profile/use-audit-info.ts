/** Audit info (spec §3) in TanStack Query: one key, refetched by the main layout on every navigation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '../../api/domain-calls';
import { usePortalApi } from '../../root';
import { AUDIT_INFO_KEY, auditInfoQuery } from './queries';

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
