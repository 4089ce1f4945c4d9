/**
 * Moves a provider along the audit table of spec §4 inside one transaction: the status, its times
 * and reasons, the history row, and (for a reviewer's decision) the provider's notification.
 */
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/api-error';
import { createNotification } from '../notifications/create-notification';
import { IllegalTransitionError } from '../../shared/machine';
import { auditTransition, type AuditEvent } from './audit-machine';

/** Locks the provider row and applies `event`; throws INVALID_STATE on an illegal move. */
export async function applyAuditEvent(
  trx: Database,
  providerId: number,
  event: AuditEvent,
  reasons: readonly string[] = [],
) {
  const p = await trx
    .selectFrom('providers')
    .select(['id', 'audit_status'])
    .where('id', '=', providerId)
    .where('cancelled_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!p) throw ApiError.notFound('Provider');
  let to;
  try {
    to = auditTransition(p.audit_status, event, reasons);
  } catch (error) {
    if (error instanceof IllegalTransitionError)
      throw new ApiError('INVALID_STATE', error.message, { auditStatus: p.audit_status });
    throw error;
  }
  const now = new Date();
  const cleanReasons = reasons.map((r) => r.trim()).filter(Boolean);
  await trx
    .updateTable('providers')
    .set(
      event === 'SUBMIT'
        ? {
            audit_status: to,
            audit_create_time: now,
            audited_time: null,
            audit_reasons: null,
            audited_popup_page: false,
            updated_at: now,
          }
        : {
            audit_status: to,
            audited_time: now,
            audit_reasons: event === 'REJECT' ? cleanReasons.join('\n') : null,
            audited_popup_page: false,
            updated_at: now,
          },
    )
    .where('id', '=', providerId)
    .execute();
  await trx
    .insertInto('audit_history')
    .values({
      provider_id: providerId,
      from_status: p.audit_status,
      to_status: to,
      reasons: cleanReasons.join('\n'),
      actor: event === 'SUBMIT' ? 'PROVIDER' : 'REVIEWER',
    })
    .execute();
  return { from: p.audit_status, to };
}

/** A reviewer's decision (`npm run admin -- audit approve|reject`), announced to the provider. */
export async function decideReview(
  ctx: ServerContext,
  providerId: number,
  decision: 'APPROVE' | 'REJECT',
  reasons: readonly string[],
) {
  return inTransaction(ctx.db, async (trx) => {
    const result = await applyAuditEvent(trx, providerId, decision, reasons);
    const approved = decision === 'APPROVE';
    const reasonText = reasons
      .map((r) => r.trim())
      .filter(Boolean)
      .join(' ');
    await createNotification(
      { db: trx, events: ctx.events },
      {
        providerId,
        category: 'REVIEW',
        title: approved ? 'Your profile was approved' : 'Your profile was not approved',
        body: approved
          ? 'Clients can now book consultations with you.'
          : `Please update your profile: ${reasonText}`,
        template: approved
          ? { key: 'review.approved', params: {} }
          : { key: 'review.rejected', params: { reasons: reasonText } },
        data: { auditStatus: result.to },
      },
    );
    return result;
  });
}
