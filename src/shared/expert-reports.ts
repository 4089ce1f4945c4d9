/**
 * Expert reports on members (spec §1, §7 "Expert reports"; entities in docs/entities.md "Expert
 * reports"). A member's request lands in the open pool (OPEN, no provider) or is assigned by an
 * operator to one provider (ASSIGNED); a provider with report access claims it (CLAIMED), may give
 * it back to the pool (OPEN) and completes it (COMPLETED, final). The transition table is
 * REPORT_MOVES below, which the server moves reports by (src/server/reports/report-machine.ts) and
 * the portal reads to offer a move.
 */
export const EXPERT_REPORT_STATUSES = ['OPEN', 'ASSIGNED', 'CLAIMED', 'COMPLETED'] as const;
export type ExpertReportStatus = (typeof EXPERT_REPORT_STATUSES)[number];

export type ExpertReportEvent = 'CLAIM' | 'DISCLAIM' | 'SAVE' | 'COMPLETE';

/**
 * The expert report lifecycle (spec §7 "Expert reports": claim, disclaim, save, completed), an event
 * table of the machine kernel (src/shared/machine.ts `nextState`):
 *
 *   OPEN      --CLAIM (anyone)-->     CLAIMED (hers)
 *   ASSIGNED  --CLAIM (holder)-->     CLAIMED
 *   ASSIGNED  --DISCLAIM (holder)-->  OPEN (declined: back to the pool)
 *   CLAIMED   --DISCLAIM (holder)-->  OPEN (given back to the pool)
 *   CLAIMED   --SAVE (holder)-->      CLAIMED (draft saved)
 *   CLAIMED   --COMPLETE (holder)-->  COMPLETED (final)
 */
export const REPORT_MOVES: Readonly<
  Record<ExpertReportStatus, Partial<Record<ExpertReportEvent, ExpertReportStatus>>>
> = {
  OPEN: { CLAIM: 'CLAIMED' },
  ASSIGNED: { CLAIM: 'CLAIMED', DISCLAIM: 'OPEN' },
  CLAIMED: { DISCLAIM: 'OPEN', SAVE: 'CLAIMED', COMPLETE: 'COMPLETED' },
  COMPLETED: {},
};

/** Whether a report's holder (or, from the pool, anyone with report access) may make this move. */
export const reportOffers = (status: ExpertReportStatus, event: ExpertReportEvent): boolean =>
  REPORT_MOVES[status][event] !== undefined;

/** Statuses the dashboard counts as pending: assigned to or claimed by the provider, not completed. */
export const PENDING_REPORT_STATUSES: readonly ExpertReportStatus[] = ['ASSIGNED', 'CLAIMED'];

export const EXPERT_REPORT_TYPES = ['CYCLE_ANALYSIS', 'FERTILITY_ASSESSMENT', 'PREGNANCY_REVIEW'] as const;
export type ExpertReportType = (typeof EXPERT_REPORT_TYPES)[number];

/** The English title a report gets when whoever assigns it gives none. */
export const DEFAULT_REPORT_TITLES: Record<ExpertReportType, string> = {
  CYCLE_ANALYSIS: 'Cycle analysis',
  FERTILITY_ASSESSMENT: 'Fertility assessment',
  PREGNANCY_REVIEW: 'Pregnancy review',
};

/**
 * The `type` of reportList: the open pool (OPEN, and ASSIGNED to me: reports waiting for my
 * claim), `MyTask` (claimed by me; the portal's access check lists page 1, size 1 of it) and
 * `Completed` (completed by me).
 */
export const REPORT_LIST_TYPES = ['Open', 'MyTask', 'Completed'] as const;
export type ReportListType = (typeof REPORT_LIST_TYPES)[number];

/** The member's goal as her app keeps it (getUserInfo). */
export const MEMBER_GOALS = ['TRYING_TO_CONCEIVE', 'PREGNANT', 'TRACKING'] as const;
export type MemberGoal = (typeof MEMBER_GOALS)[number];

export const LIFESTYLE_AREAS = ['NUTRITION', 'EXERCISE', 'SLEEP', 'STRESS', 'SUBSTANCES', 'WEIGHT'] as const;
export type LifestyleArea = (typeof LIFESTYLE_AREAS)[number];
