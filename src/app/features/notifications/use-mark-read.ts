/** Marking notifications read: the answer is the red dot after it, so the menu dot clears at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationCategory } from '../../../shared/api/notifications';
import { notificationCalls } from '../../api/domain-calls';
import { NOTIFICATIONS_KEY } from './queries';
import { useRedDots } from './red-dot-store';
import { usePortalApi } from '../../root';

export function useMarkRead() {
  const queryClient = useQueryClient();
  const calls = notificationCalls(usePortalApi());
  const { applyRedDot } = useRedDots();
  const settle = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const one = useMutation({
    mutationFn: (id: number) => calls.markRead(id),
    onSuccess: applyRedDot,
    onSettled: settle,
  });
  const all = useMutation({
    mutationFn: (category?: NotificationCategory) => calls.markReadAll(category ? { category } : {}),
    onSuccess: applyRedDot,
    onSettled: settle,
  });
  return { markOne: one.mutate, markAll: all.mutate, busy: one.isPending || all.isPending };
}
