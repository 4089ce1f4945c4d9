/**
 * The intake questionnaire of an appointment (spec §2 `/question`): only the provider
 * of the appointment reads it; anyone else's appointment is NOT_FOUND, like /orders/detail. Every
 * answered questionnaire is recorded in the health-data access log (docs/security.md).
 */
import type { FastifyInstance } from 'fastify';
import { getAppointmentQuestionnaire, IntakeAnswers } from '../../shared/api/questionnaire';
import type { ServerContext } from '../context';
import { consultationReads, recordHealthDataAccess, recordMemberReads } from '../access-log/record-access';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/route';
import { appointmentQuery, toSummary } from '../schedule/appointment-view';

export function registerQuestionnaireRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getAppointmentQuestionnaire, async ({ query, session, request }) => {
    const row = await appointmentQuery(ctx.db, session.providerId)
      .where('a.id', '=', query.appointmentId)
      .executeTakeFirst();
    if (!row) throw ApiError.notFound('Appointment');
    const stored = await ctx.db
      .selectFrom('intake_questionnaires')
      .select(['form_version', 'answers', 'submitted_at'])
      .where('appointment_id', '=', row.id)
      .executeTakeFirst();
    const appointment = toSummary(row);
    if (stored) {
      await recordHealthDataAccess(ctx.db, {
        providerId: session.providerId,
        memberId: row.member_id,
        kind: 'intake-questionnaire',
        resourceId: String(row.id),
        address: request.ip,
      });
    } else {
      // Not filled in: the answer still holds her booking topic (docs/security.md "Health-data access log").
      const reader = { providerId: session.providerId, address: request.ip };
      await recordMemberReads(ctx.db, reader, consultationReads([appointment]));
    }
    return {
      appointment: { ...appointment, memberTimezone: row.member_timezone },
      questionnaire: stored
        ? {
            formVersion: stored.form_version,
            submittedAt: stored.submitted_at.toISOString(),
            answers: IntakeAnswers.parse(stored.answers),
          }
        : null,
    };
  });
}
