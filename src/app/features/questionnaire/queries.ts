/** Server data of the questionnaire feature (TanStack Query; docs/architecture.md §3). */
import { queryOptions } from '@tanstack/react-query';
import type { PortalApi } from '../../api/api-client';
import { consultationCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

/** Spec §2 /question: the intake questionnaire of one appointment; NOT_FOUND is the page's to say. */
export const questionnaireQuery = (api: PortalApi, appointmentId: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.questionnaire, appointmentId],
    queryFn: () => consultationCalls(api).questionnaire(appointmentId, { quiet: true }),
  });
