/**
 * Cycle-data calls (spec §7 "Content and cycle data", src/shared/api/cycle-data.ts): analysis,
 * comparison, the daily chart, and the link calls that answer an expiring link to a generated PDF.
 * One function per endpoint.
 */
import * as cycle from '../shared/api/cycle-data';
import type { QueryOf } from '../shared/api/endpoint';
import type { ApiClient, CallExtra as Extra, CallQuery as Query } from './client';

export const cycleDataApi = (api: ApiClient) => ({
  analysis: (query: QueryOf<typeof cycle.getCycleAnalysis>, extra?: Extra) =>
    api.call(cycle.getCycleAnalysis, { query: query as Query, ...extra }),
  comparison: (query: QueryOf<typeof cycle.getCycleComparison>, extra?: Extra) =>
    api.call(cycle.getCycleComparison, { query: query as Query, ...extra }),
  chartAll: (query: QueryOf<typeof cycle.getDailyChartAll>, extra?: Extra) =>
    api.call(cycle.getDailyChartAll, { query: query as Query, ...extra }),
  chartPage: (query: QueryOf<typeof cycle.getDailyChartPage>, extra?: Extra) =>
    api.call(cycle.getDailyChartPage, { query: query as Query, ...extra }),
  analysisLink: (query: QueryOf<typeof cycle.getCycleAnalysisLink>, extra?: Extra) =>
    api.call(cycle.getCycleAnalysisLink, { query: query as Query, ...extra }),
  comparisonLink: (query: QueryOf<typeof cycle.getCycleComparisonLink>, extra?: Extra) =>
    api.call(cycle.getCycleComparisonLink, { query: query as Query, ...extra }),
  expertReportLink: (query: QueryOf<typeof cycle.getExpertReportLink>, extra?: Extra) =>
    api.call(cycle.getExpertReportLink, { query: query as Query, ...extra }),
});
