/**
 * Intake questionnaires for Amelia's upcoming bookings (spec §2 /question), from
 * fixtures/questionnaires.json: matched to the booking by member and topic, dates counted back
 * from today in the member's time zone, answers checked against the contract.
 */
import { member, provider, questionnaireFixtures } from '../../../fixtures';
import { IntakeAnswers } from '../../shared/api/questionnaire';
import { addDays } from '../../shared/time/calendar';
import { localDateAt } from '../../shared/time/zoned';
import type { Seeder } from './seeder';

const DAY = 86400_000;
const PREGNANCY_DAYS = 280;

export const seedQuestionnaires: Seeder = {
  name: 'intake-questionnaires',
  async run({ db }) {
    const now = Date.now();
    for (const q of questionnaireFixtures.questionnaires as Array<
      (typeof questionnaireFixtures.questionnaires)[number] & {
        lastPeriodDaysAgo?: number;
        pregnancyWeeks?: number;
      }
    >) {
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
      const today = localDateAt(now, m.timezone);
      const { cycle, ...rest } = q.answers as typeof q.answers & { cycle: object | null };
      const answers = IntakeAnswers.parse({
        ...rest,
        cycle: cycle && {
          ...cycle,
          lastPeriodStart: q.lastPeriodDaysAgo === undefined ? null : addDays(today, -q.lastPeriodDaysAgo),
        },
        pregnancy:
          q.pregnancyWeeks === undefined
            ? null
            : {
                weeks: q.pregnancyWeeks,
                dueDate: addDays(today, PREGNANCY_DAYS - q.pregnancyWeeks * 7),
              },
      });
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
