/**
 * The reports feature's server state (TanStack Query): its keys, below QUERY_ROOTS.reports, and
 * its calls in one place. Every change of a report's state refreshes the report lists and the
 * dashboard's pending count (its root, api/query-keys.ts).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReportListType } from '../../../shared/expert-reports';
import { contentCalls, cycleCalls, reportCalls } from '../../api/domain-calls';
import { usePortalApi } from '../../root';
import { QUERY_ROOTS } from '../../api/query-keys';

export const reportKeys = {
  all: QUERY_ROOTS.reports,
  lists: [...QUERY_ROOTS.reports, 'list'] as const,
  list: (type: ReportListType, keyword: string, page: number, pageSize: number) =>
    [...QUERY_ROOTS.reports, 'list', type, keyword, page, pageSize] as const,
  detail: (reportId: number) => [...QUERY_ROOTS.reports, 'detail', reportId] as const,
  member: (userId: number) => [...QUERY_ROOTS.reports, 'member', userId] as const,
  memberReportsAll: [...QUERY_ROOTS.reports, 'member-reports'] as const,
  memberReports: (userId: number, page: number, pageSize: number) =>
    [...QUERY_ROOTS.reports, 'member-reports', userId, page, pageSize] as const,
  catalogue: [...QUERY_ROOTS.reports, 'catalogue'] as const,
  content: (kind: 'blogs' | 'videos' | 'tags' | 'blog-categories', keyword = '') =>
    [...QUERY_ROOTS.reports, 'content', kind, keyword] as const,
  cycles: (memberId: number) => [...QUERY_ROOTS.reports, 'cycles', memberId] as const,
  cyclePage: (memberId: number, page: number) =>
    [...QUERY_ROOTS.reports, 'cycle-page', memberId, page] as const,
};

export function useReportList(type: ReportListType, keyword: string, page: number, pageSize: number) {
  const reports = reportCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.list(type, keyword, page, pageSize),
    queryFn: () => reports.list({ type, keyword: keyword || undefined, page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useReportDetail(reportId: number | null) {
  const reports = reportCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.detail(reportId ?? 0),
    queryFn: () => reports.detail(reportId!),
    enabled: reportId !== null,
    staleTime: 0,
  });
}

export function useMemberInfo(userId: number | undefined) {
  const reports = reportCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.member(userId ?? 0),
    queryFn: () => reports.member(userId!),
    enabled: userId !== undefined,
  });
}

export function useMemberReports(userId: number | undefined, page: number, pageSize: number) {
  const reports = reportCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.memberReports(userId ?? 0, page, pageSize),
    queryFn: () => reports.byMember({ userId: userId!, page, pageSize }),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The lists the editor picks from: findings, steps and lifestyle advice. */
function catalogueQuery(reports: ReturnType<typeof reportCalls>) {
  return queryOptions({
    queryKey: reportKeys.catalogue,
    queryFn: async () => {
      const [categories, toDos, lifestyle] = await Promise.all([
        reports.categories(),
        reports.toDos(),
        reports.lifestyle(),
      ]);
      return { categories, toDos, lifestyle };
    },
    staleTime: 10 * 60_000,
  });
}

export function useCatalogue() {
  return useQuery(catalogueQuery(reportCalls(usePortalApi())));
}

/**
 * Asks for the editor's lists beside the report itself rather than once the report has come and
 * the editor renders, so the editor's findings do not wait for two round trips in a row
 * (docs/performance.md "The editor's lists beside the report").
 */
export function usePrefetchCatalogue(enabled: boolean) {
  const reports = reportCalls(usePortalApi());
  const client = useQueryClient();
  useEffect(() => {
    if (enabled) void client.prefetchQuery(catalogueQuery(reports));
  }, [client, reports, enabled]);
}

export function useBlogCategories() {
  const content = contentCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.content('blog-categories'),
    queryFn: () => content.blogCategories(),
    staleTime: 10 * 60_000,
  });
}

export function useMemberTags() {
  const content = contentCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.content('tags'),
    queryFn: () => content.memberTags(),
    staleTime: 10 * 60_000,
  });
}

export function useBlogSearch(keyword: string, categoryId: number | undefined, tagId: number | undefined) {
  const content = contentCalls(usePortalApi());
  return useQuery({
    queryKey: [...reportKeys.content('blogs', keyword), categoryId ?? 0, tagId ?? 0],
    queryFn: () => content.blogs({ keyword: keyword || undefined, categoryId, tagId, page: 1, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}

export function useVideoSearch(keyword: string, tagId: number | undefined) {
  const content = contentCalls(usePortalApi());
  return useQuery({
    queryKey: [...reportKeys.content('videos', keyword), tagId ?? 0],
    queryFn: () => content.videos({ keyword: keyword || undefined, tagId, page: 1, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
}

/** Every recorded day of the member with each cycle analysed (the daily chart, all of it). */
export function useMemberCycles(memberId: number | undefined) {
  const cycles = cycleCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.cycles(memberId ?? 0),
    queryFn: () => cycles.chartAll({ memberId: memberId! }),
    enabled: memberId !== undefined,
  });
}

/** The daily chart one cycle per page, newest first. */
export function useCyclePage(memberId: number | undefined, page: number) {
  const cycles = cycleCalls(usePortalApi());
  return useQuery({
    queryKey: reportKeys.cyclePage(memberId ?? 0, page),
    queryFn: () => cycles.chartPage({ memberId: memberId!, page, pageSize: 1 }),
    enabled: memberId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export type ReportAction = 'claim' | 'disclaim' | 'complete';

/**
 * Claim, disclaim or complete; the lists, the report, the member's reports and the dashboard's
 * pending count are asked anew afterwards (not awaited: the caller goes on at once).
 */
export function useReportAction() {
  const reports = reportCalls(usePortalApi());
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reportId }: { action: ReportAction; reportId: number }) =>
      reports[action](reportId, { quiet: true }),
    onSettled: (_data, _error, { reportId }) => {
      void client.invalidateQueries({ queryKey: reportKeys.lists });
      void client.invalidateQueries({ queryKey: reportKeys.detail(reportId) });
      void client.invalidateQueries({ queryKey: reportKeys.memberReportsAll });
      void client.invalidateQueries({ queryKey: QUERY_ROOTS.dashboard });
    },
  });
}
