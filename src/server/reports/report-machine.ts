/**
 * The expert report lifecycle on the machine kernel (docs/conventions.md "What we do" 4; spec §7
 * "Expert reports"): the event table is REPORT_MOVES in src/shared/expert-reports.ts, which the
 * portal reads too, and `nextState` moves along it. Who moves matters as much as the status: a
 * claim from the open pool is anyone's with report access, every other move only the holder's.
 * Every illegal move throws {@link IllegalReportMove} with the API error code that names it.
 */
import type { ErrorCode } from '../../shared/api/envelope';
import { REPORT_MOVES, type ExpertReportEvent, type ExpertReportStatus } from '../../shared/expert-reports';
import { IllegalTransitionError, nextState } from '../../shared/machine';

export type { ExpertReportEvent };

/** The status of a report an operator assigned to one provider. */
export const ASSIGNED: ExpertReportStatus = 'ASSIGNED';
/** The status of a report in the open pool. */
export const OPEN: ExpertReportStatus = 'OPEN';

/** The one move that is not the holder's alone: claiming from the open pool. */
const byAnyone = (status: ExpertReportStatus, event: ExpertReportEvent) =>
  status === OPEN && event === 'CLAIM';

export interface ReportPosition {
  status: ExpertReportStatus;
  /** Null exactly while OPEN. */
  providerId: number | null;
}

/** An illegal move of a report: the kernel's one error (src/shared/machine.ts), with the API code that names it. */
export class IllegalReportMove extends IllegalTransitionError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    from: ExpertReportStatus,
    event: ExpertReportEvent,
  ) {
    super('expert report', from, event, message);
  }
}

const VERB: Record<ExpertReportEvent, string> = {
  CLAIM: 'claimed',
  DISCLAIM: 'given back',
  SAVE: 'edited',
  COMPLETE: 'completed',
};

function refusal(report: ReportPosition, actorId: number, event: ExpertReportEvent): IllegalReportMove {
  const mine = report.providerId === actorId;
  const refuse = (code: ErrorCode, message: string) =>
    new IllegalReportMove(code, message, report.status, event);
  if (report.status === 'COMPLETED') {
    return mine
      ? refuse('EXPERT_REPORT_COMPLETED', `A completed report cannot be ${VERB[event]}`)
      : refuse('EXPERT_REPORT_NOT_YOURS', 'Another provider completed this report');
  }
  if (report.status === 'CLAIMED' && event === 'CLAIM') {
    return refuse(
      'EXPERT_REPORT_ALREADY_CLAIMED',
      mine ? 'You have claimed this report already' : 'Another provider has claimed this report',
    );
  }
  if (report.providerId !== null && !mine) {
    return refuse(
      'EXPERT_REPORT_NOT_YOURS',
      `This report is with another provider; it cannot be ${VERB[event]} by you`,
    );
  }
  return refuse(
    'EXPERT_REPORT_NOT_CLAIMED',
    `Claim the report first; an unclaimed report cannot be ${VERB[event]}`,
  );
}

/** Where `event` by provider `actorId` takes the report, or throws IllegalReportMove. */
export function reportMove(
  report: ReportPosition,
  actorId: number,
  event: ExpertReportEvent,
): ReportPosition {
  const refuse = () => refusal(report, actorId, event);
  const to = nextState('expert report', REPORT_MOVES, report.status, event, refuse);
  if (!byAnyone(report.status, event) && report.providerId !== actorId) throw refuse();
  return { status: to, providerId: to === OPEN ? null : actorId };
}
