/**
 * Intake questionnaires for Amelia's upcoming bookings (spec §2 /question), from
 * fixtures/questionnaires.json: matched to the booking by member and topic, answers from
 * intake-answers.ts with her cycle records as they stood on the day she sent it (seed/cycle-data.ts
 * runs first, issue 26).
 */
import { member, provider, questionnaireFixtures } from '../../../fixtures';
import { localDateAt } from '../../shared/time/zoned';
import { loadMemberCycles } from '../member-health/member-cycles';
import { intakeAnswers } from './intake-answers';
import type { Seeder } from './seeder';

const DAY = 86400_000;

export const seedQuestionnaires: Seeder = {
  name: 'intake-questionnaires',
  async run({ db, now }) {
    for (const q of questionnaireFixtures.questionnaires) {
      const persona = member(q.member);
      const appointment = await db
        .selectFrom('appointments as a')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .innerJoin('providers as p', 'p.id', 'a.provider_id')
        .select(['a.id', 'm.id as memberId', 'm.first_name', 'm.last_name'])
        .where('p.email', '=', provider(questionnaireFixtures.provider).email)
        .where('m.email', '=', persona.email)
        .where('a.topic', '=', q.topic)
        .where('a.status', '=', 'UPCOMING')
        .executeTakeFirst();
      // A booking the seed could not place (no free slot) has no questionnaire either.
      if (!appointment) continue;
      const submittedAt = new Date(now - q.submittedDaysAgo * DAY);
      const records = await loadMemberCycles(db, {
        memberId: appointment.memberId,
        name: `${appointment.first_name} ${appointment.last_name}`,
        timezone: persona.timezone,
        today: localDateAt(submittedAt.getTime(), persona.timezone),
      });
      await db
        .insertInto('intake_questionnaires')
        .values({
          appointment_id: appointment.id,
          answers: JSON.stringify(intakeAnswers(q, { persona, records, submittedAt })),
          submitted_at: submittedAt,
        })
        .execute();
    }
  },
};
