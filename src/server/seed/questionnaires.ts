/**
 * Intake questionnaires for Amelia's upcoming bookings (spec §2 /question), from
 * fixtures/questionnaires.json: matched to the booking by member and topic, answers from
 * intake-answers.ts.
 */
import { member, provider, questionnaireFixtures } from '../../../fixtures';
import { localDateAt } from '../../shared/time/zoned';
import { intakeAnswers, type QuestionnaireFixture } from './intake-answers';
import type { Seeder } from './seeder';

const DAY = 86400_000;

export const seedQuestionnaires: Seeder = {
  name: 'intake-questionnaires',
  async run({ db }) {
    const now = Date.now();
    for (const q of questionnaireFixtures.questionnaires as QuestionnaireFixture[]) {
      const m = member(q.member);
      const appointment = await db
        .selectFrom('appointments as a')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .innerJoin('providers as p', 'p.id', 'a.provider_id')
        .select('a.id')
        .where('p.email', '=', provider(questionnaireFixtures.provider).email)
        .where('m.email', '=', m.email)
        .where('a.topic', '=', q.topic)
        .where('a.status', '=', 'UPCOMING')
        .executeTakeFirst();
      // A booking the seed could not place (no free slot) has no questionnaire either.
      if (!appointment) continue;
      const answers = intakeAnswers(q, { today: localDateAt(now, m.timezone) });
      await db
        .insertInto('intake_questionnaires')
        .values({
          appointment_id: appointment.id,
          answers: JSON.stringify(answers),
          submitted_at: new Date(now - q.submittedDaysAgo * DAY),
        })
        .execute();
    }
  },
};
