/**
 * Cycle-data calls (spec §7 "Content and cycle data", src/shared/api/cycle-data.ts): analysis,
 * comparison, the daily chart, and the link calls that answer an expiring link to a generated PDF.
 * One function per endpoint.
 */
import * as cycle from '../shared/api/cycle-data';
import { queryCall, type ApiClient } from './client';

export const cycleDataApi = (api: ApiClient) => ({
  analysis: queryCall(api, cycle.getCycleAnalysis),
  comparison: queryCall(api, cycle.getCycleComparison),
  chartAll: queryCall(api, cycle.getDailyChartAll),
  chartPage: queryCall(api, cycle.getDailyChartPage),
  analysisLink: queryCall(api, cycle.getCycleAnalysisLink),
  comparisonLink: queryCall(api, cycle.getCycleComparisonLink),
  expertReportLink: queryCall(api, cycle.getExpertReportLink),
});
