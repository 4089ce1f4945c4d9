/**
 * Moves a report along the table (report-machine.ts) in one conditional UPDATE: the row changes
 * only if it is still where the machine saw it (`WHERE status = … AND provider_id IS NOT DISTINCT
 * FROM …`, RETURNING). Of two providers claiming the same open report at once, PostgreSQL makes
 * the second UPDATE wait for the first and then re-check its WHERE, which no longer matches; the
 * loser re-reads the row and the machine answers EXPERT_REPORT_ALREADY_CLAIMED. A move with a
 * check (COMPLETE) is also conditional on the content it checked, so a SAVE between its read and
 * its write sends it round again. Nothing is locked for longer than the one statement.
 */
import { sql, type Updateable } from 'kysely';
import type { Database } from '../db/database';
import type { ExpertReportsTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import { IllegalReportMove, reportMove, type ExpertReportEvent, type ReportPosition } from './report-machine';

export interface MovedReport {
  id: number;
  memberId: number;
  from: ReportPosition;
  to: ReportPosition;
}

/** Stamps each move writes besides status and provider. */
function stamps(event: ExpertReportEvent, at: Date): Updateable<ExpertReportsTable> {
  switch (event) {
    case 'CLAIM':
      return { claimed_at: at };
    case 'DISCLAIM':
      return { claimed_at: null };
    case 'SAVE':
      return { saved_at: at };
    case 'COMPLETE':
      return { completed_at: at };
  }
}

/** A race lost this many times in a row is answered CONFLICT (it does not happen in practice). */
const ATTEMPTS = 3;

/**
 * Applies `event` by provider `actorId` to the report, with `extra` columns (a draft's content) in
 * the same UPDATE; `check` runs on the current row before (e.g. "completing needs a summary").
 */
export async function moveReport(
  db: Database,
  actorId: number,
  reportId: number,
  event: ExpertReportEvent,
  options: {
    extra?: Updateable<ExpertReportsTable>;
    check?: (row: { summary: string; category_ids: number[] }) => void;
    at?: Date;
  } = {},
): Promise<MovedReport> {
  const at = options.at ?? new Date();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await db
      .selectFrom('expert_reports')
      .select(['id', 'status', 'provider_id', 'member_id', 'summary', 'category_ids'])
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (!row) throw ApiError.notFound(`Report ${reportId}`);
    const from: ReportPosition = { status: row.status, providerId: row.provider_id };
    let to: ReportPosition;
    try {
      to = reportMove(from, actorId, event);
    } catch (error) {
      if (error instanceof IllegalReportMove)
        throw new ApiError(error.code, error.message, { status: row.status });
      throw error;
    }
    options.check?.(row);
    let update = db
      .updateTable('expert_reports')
      .set({ ...options.extra, ...stamps(event, at), status: to.status, provider_id: to.providerId })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where(sql<boolean>`provider_id is not distinct from ${row.provider_id}`);
    // What was checked must still be there: a SAVE landing between this read and this write
    // (same status, same holder) would otherwise let COMPLETE finish a draft it never checked.
    if (options.check)
      update = update
        .where('summary', '=', row.summary)
        .where(sql<boolean>`category_ids = ${sql.val(row.category_ids)}::integer[]`);
    const updated = await update.returning('id').executeTakeFirst();
    if (updated) return { id: row.id, memberId: row.member_id, from, to };
  }
  throw new ApiError('CONFLICT', 'The report changed while you acted on it; please try again');
}
