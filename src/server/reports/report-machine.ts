/**
 * The expert report lifecycle as a transition table (docs/conventions.md "What we do" 4; spec §7 "Expert
 * reports": claim, disclaim, save, completed). Who moves matters as much as the status: a move is
 * allowed to anyone with report access (claiming from the pool) or only to the report's holder.
 *
 *   OPEN      --CLAIM (anyone)-->     CLAIMED (hers)
 *   ASSIGNED  --CLAIM (holder)-->     CLAIMED
 *   ASSIGNED  --DISCLAIM (holder)-->  OPEN (declined: back to the pool)
 *   CLAIMED   --DISCLAIM (holder)-->  OPEN (given back to the pool)
 *   CLAIMED   --SAVE (holder)-->      CLAIMED (draft saved)
 *   CLAIMED   --COMPLETE (holder)-->  COMPLETED (final)
 *
 * Every other move throws {@link IllegalReportMove} with the API error code that names it.
 */
import type { ErrorCode } from '../../shared/api/envelope';
import type { ExpertReportStatus } from '../../shared/expert-reports';
import { IllegalTransitionError } from '../../shared/machine';

export type ExpertReportEvent = 'CLAIM' | 'DISCLAIM' | 'SAVE' | 'COMPLETE';

/** The status of a report an operator assigned to one provider. */
export const ASSIGNED: ExpertReportStatus = 'ASSIGNED';
/** The status of a report in the open pool. */
export const OPEN: ExpertReportStatus = 'OPEN';

interface Move {
  to: ExpertReportStatus;
  /** `anyone`: any provider with report access; `holder`: only the provider the report is with. */
  by: 'anyone' | 'holder';
}

const TABLE: Record<ExpertReportStatus, Partial<Record<ExpertReportEvent, Move>>> = {
  OPEN: { CLAIM: { to: 'CLAIMED', by: 'anyone' } },
  ASSIGNED: { CLAIM: { to: 'CLAIMED', by: 'holder' }, DISCLAIM: { to: 'OPEN', by: 'holder' } },
  CLAIMED: {
    DISCLAIM: { to: 'OPEN', by: 'holder' },
    SAVE: { to: 'CLAIMED', by: 'holder' },
    COMPLETE: { to: 'COMPLETED', by: 'holder' },
  },
  COMPLETED: {},
};

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
  const move = TABLE[report.status][event];
  if (!move || (move.by === 'holder' && report.providerId !== actorId)) throw refusal(report, actorId, event);
  return { status: move.to, providerId: move.to === 'OPEN' ? null : actorId };
}
