/**
 * The answers of one seeded intake questionnaire (spec §2 /question): her words and coded answers
 * from fixtures/questionnaires.json; her age and months trying from her persona; her usual cycle,
 * period and last period, or her pregnancy, from her cycle records on the day she sent it, through
 * the computation the member panel and the charts use (src/shared/cycle cycleFacts, issue 26), so
 * the questionnaire and her records tell one story. Checked against the contract
 * (src/shared/api/questionnaire.ts).
 */
import type { MemberPersona, questionnaireFixtures } from '../../../fixtures';
import { IntakeAnswers } from '../../shared/api/questionnaire';
import { cycleFacts } from '../../shared/cycle';
import type { MemberCycles } from '../member-health/member-cycles';
import { wholeYearsBetween } from '../member-health/member-info';

export type QuestionnaireFixture = (typeof questionnaireFixtures.questionnaires)[number];

export interface IntakeSource {
  persona: MemberPersona;
  /** Her records read on the day she sent it (loadMemberCycles with that day as today). */
  records: Pick<MemberCycles, 'history' | 'pregnancy'>;
  submittedAt: Date;
}

function usualCycle(regularity: string, history: MemberCycles['history']) {
  const facts = cycleFacts(history);
  const average = facts.cycleLength === null ? null : Math.round(facts.cycleLength);
  return {
    regularity,
    averageLengthDays: average,
    // Every cycle the same length: that length is her shortest and her longest.
    shortestDays: facts.cycleRange?.min ?? average,
    longestDays: facts.cycleRange?.max ?? average,
    periodLengthDays: facts.periodLength === null ? null : Math.round(facts.periodLength),
    lastPeriodStart: facts.lastPeriodStart,
  };
}

/**
 * Her answers as stored; throws when the fixture answers a cycle while her records say she is
 * pregnant, or the reverse.
 */
export function intakeAnswers(
  q: QuestionnaireFixture,
  { persona, records, submittedAt }: IntakeSource,
): IntakeAnswers {
  const { cycle, ...answers } = q.answers;
  const pregnancy = records.pregnancy;
  if ((pregnancy === null) === (cycle === null)) {
    throw new Error(`${q.member}'s questionnaire answers a cycle or a pregnancy her records do not have`);
  }
  return IntakeAnswers.parse({
    ...answers,
    age: wholeYearsBetween(persona.health.birthDate, submittedAt),
    tryingForMonths: persona.health.tryingForMonths,
    cycle: cycle && usualCycle(cycle.regularity, records.history),
    pregnancy: pregnancy && { weeks: pregnancy.weeks, dueDate: pregnancy.dueDate },
  });
}
