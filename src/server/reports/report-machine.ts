/**
 * The expert report lifecycle as a transition table (STYLE.md "What we do" 4; spec §7 "Expert
 * reports": claim, disclaim, completed): a report starts ASSIGNED to a provider, who claims it,
 * may give the claim back, and completes a claimed report. Completed reports are final.
 */
import type { ExpertReportStatus } from '../../shared/expert-reports';

export type ExpertReportEvent = 'CLAIM' | 'DISCLAIM' | 'COMPLETE';

/** The status of a report just assigned to a provider. */
export const ASSIGNED: ExpertReportStatus = 'ASSIGNED';

const TABLE: Record<ExpertReportStatus, Partial<Record<ExpertReportEvent, ExpertReportStatus>>> = {
  ASSIGNED: { CLAIM: 'CLAIMED' },
  CLAIMED: { DISCLAIM: 'ASSIGNED', COMPLETE: 'COMPLETED' },
  COMPLETED: {},
};

const REFUSALS: Record<ExpertReportEvent, string> = {
  CLAIM: 'Only an assigned report that nobody has claimed can be claimed',
  DISCLAIM: 'Only a claimed report can be given back',
  COMPLETE: 'Only a claimed report can be completed',
};

export class IllegalReportTransition extends Error {
  constructor(
    readonly from: ExpertReportStatus,
    readonly event: ExpertReportEvent,
  ) {
    super(REFUSALS[event]);
    this.name = 'IllegalReportTransition';
  }
}

export function reportTransition(from: ExpertReportStatus, event: ExpertReportEvent): ExpertReportStatus {
  const to = TABLE[from][event];
  if (!to) throw new IllegalReportTransition(from, event);
  return to;
}
