/** Addresses of the report screens (spec §2): the report travels in the query string. */
import { paths } from '../../paths';

export const reportDetailPath = (reportId: number) => `${paths.reportDetail}?reportId=${reportId}`;
export const reportReviewPath = (reportId: number) => `${paths.reportReview}?reportId=${reportId}`;
export const dailyChartPath = (reportId: number) => `${paths.dailyChart}?reportId=${reportId}`;

/** A positive whole number from the query string, or null. */
export function idParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
