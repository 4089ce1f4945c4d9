/**
 * Expert reports on members (spec §1, §7 "Expert reports"): what the server and the portal share
 * so far. A report is assigned to a provider (ASSIGNED), who claims it (CLAIMED), may give it back
 * (DISCLAIM: ASSIGNED again) and completes it (COMPLETED); the transition table is
 * src/server/reports/report-machine.ts.
 */
export const EXPERT_REPORT_STATUSES = ['ASSIGNED', 'CLAIMED', 'COMPLETED'] as const;
export type ExpertReportStatus = (typeof EXPERT_REPORT_STATUSES)[number];

/** Statuses the dashboard counts as pending: assigned to the provider and not completed. */
export const PENDING_REPORT_STATUSES: readonly ExpertReportStatus[] = ['ASSIGNED', 'CLAIMED'];

export const EXPERT_REPORT_TYPES = ['CYCLE_ANALYSIS', 'FERTILITY_ASSESSMENT', 'PREGNANCY_REVIEW'] as const;
export type ExpertReportType = (typeof EXPERT_REPORT_TYPES)[number];

/** The English title a report gets when whoever assigns it gives none. */
export const DEFAULT_REPORT_TITLES: Record<ExpertReportType, string> = {
  CYCLE_ANALYSIS: 'Cycle analysis',
  FERTILITY_ASSESSMENT: 'Fertility assessment',
  PREGNANCY_REVIEW: 'Pregnancy review',
};
