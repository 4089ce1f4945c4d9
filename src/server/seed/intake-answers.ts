/**
 * The answers of one seeded intake questionnaire (spec §2 /question) from its entry in
 * fixtures/questionnaires.json, checked against the contract (src/shared/api/questionnaire.ts).
 */
import type { questionnaireFixtures } from '../../../fixtures';
import { IntakeAnswers } from '../../shared/api/questionnaire';
import { addDays } from '../../shared/time/calendar';

const PREGNANCY_DAYS = 280;

export type QuestionnaireFixture = (typeof questionnaireFixtures.questionnaires)[number] & {
  lastPeriodDaysAgo?: number;
  pregnancyWeeks?: number;
};

/** Her answers, dates counted back from `today` (her local date on the seeding day). */
export function intakeAnswers(q: QuestionnaireFixture, { today }: { today: string }): IntakeAnswers {
  const { cycle, ...rest } = q.answers as typeof q.answers & { cycle: object | null };
  return IntakeAnswers.parse({
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
}
