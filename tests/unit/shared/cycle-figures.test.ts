/**
 * The figures a provider reads about a member's cycles (issue 26): one computation
 * (src/shared/cycle cycleStatistics, cycleFacts, latestCycles) and one way of writing them
 * (format.ts), so the member panel, the statistics, the overlays and the PDFs agree. The running
 * cycle counts where it can (overlays, ovulation day, follicular phase, period); the seeded
 * personas' profiles, their intake questionnaires (spec §2 /question) and the words written about
 * them agree with their generated records.
 */
import { describe, expect, it } from 'vitest';
import { cycleFixtures, member, personas, questionnaireFixtures, reportFixtures } from '../../../fixtures';
import { pregnancyOn } from '../../../src/server/member-health/member-cycles';
import { wholeYearsBetween } from '../../../src/server/member-health/member-info';
import { generateCycleData, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import { intakeAnswers, type QuestionnaireFixture } from '../../../src/server/seed/intake-answers';
import {
  analyseHistory,
  type CycleAnalysis,
  cycleFacts,
  cycleStatistics,
  formatStatistic,
  latestCycles,
  phaseChartOption,
  statisticLine,
} from '../../../src/shared/cycle';
import { addDays, daysBetween } from '../../../src/shared/time/calendar';
import { formatLocalDate } from '../../../src/shared/time/format';

const TODAY = '2026-11-23';
const plans = cycleFixtures.members as Record<string, CyclePlan>;
const historyOf = (key: string) => analyseHistory(generateCycleData(plans[key]!, TODAY).days);

function cycle(number: number, over: Partial<CycleAnalysis> = {}): CycleAnalysis {
  return {
    number,
    startDate: '2026-01-01',
    endDate: '2026-01-28',
    complete: true,
    length: 28,
    periodLength: 5,
    ovulation: { day: 14, date: null, method: 'LH_AND_TEMPERATURE' },
    temperature: null,
    lhPeaks: [],
    follicularLength: 14,
    lutealLength: 14,
    fertileWindow: null,
    flags: [],
    ...over,
  };
}

const running = (number: number, over: Partial<CycleAnalysis> = {}) =>
  cycle(number, { complete: false, length: 22, lutealLength: null, ...over });

describe('cycleStatistics', () => {
  it('counts a running cycle toward ovulation day, follicular phase and period, not toward cycle or luteal length', () => {
    const s = cycleStatistics([
      cycle(1, {
        length: 34,
        ovulation: { day: 21, date: null, method: 'LH_AND_TEMPERATURE' },
        follicularLength: 21,
        lutealLength: 13,
      }),
      running(2, { ovulation: { day: 17, date: null, method: 'TEMPERATURE' }, follicularLength: 17 }),
    ]);
    expect(s.cycleLength).toMatchObject({ n: 1, mean: 34 });
    expect(s.lutealLength).toMatchObject({ n: 1, mean: 13 });
    expect(s.ovulationDay).toMatchObject({ n: 2, mean: 19, min: 17, max: 21 });
    expect(s.follicularLength).toMatchObject({ n: 2, mean: 19 });
    expect(s.periodLength).toMatchObject({ n: 2, mean: 5 });
  });

  it('leaves out a period still going, estimates and absent ovulations, and pregnancies from lengths', () => {
    const s = cycleStatistics([
      cycle(1, {
        ovulation: { day: null, date: null, method: 'NONE' },
        follicularLength: null,
        lutealLength: null,
      }),
      cycle(2, { length: 41, lutealLength: null, flags: ['POSITIVE_PREGNANCY_TEST'] }),
      running(3, { length: 3, periodLength: 3, ovulation: { day: 14, date: null, method: 'CALENDAR' } }),
    ]);
    expect(s.cycleLength).toMatchObject({ n: 1, mean: 28 });
    expect(s.periodLength).toMatchObject({ n: 2 });
    expect(s.ovulationDay).toMatchObject({ n: 1, mean: 14 });
    expect(s.lutealLength.n).toBe(0);
  });
});

describe('latestCycles (the overlays of 1, 3 and 6 cycles and the comparison PDF)', () => {
  it('takes the latest cycles, the running one included, oldest first', () => {
    const cycles = [cycle(3), cycle(1), running(4), cycle(2)];
    expect(latestCycles(cycles, 1).map((c) => c.number)).toEqual([4]);
    expect(latestCycles(cycles, 3).map((c) => c.number)).toEqual([2, 3, 4]);
    expect(latestCycles(cycles, 6).map((c) => c.number)).toEqual([1, 2, 3, 4]);
  });
});

describe('cycleFacts (the member panel and the seeded profile)', () => {
  it('are the statistics of her records: usual cycle, its range when it varies, period, last period', () => {
    const history = historyOf('emma');
    const facts = cycleFacts(history);
    expect(facts).toEqual({
      cycles: history.statistics.cycleLength.n,
      cycleLength: history.statistics.cycleLength.mean,
      cycleRange: { min: history.statistics.cycleLength.min, max: history.statistics.cycleLength.max },
      periodLength: history.statistics.periodLength.mean,
      lastPeriodStart: history.cycles.at(-1)!.startDate,
    });
    const same = { ...history, statistics: cycleStatistics(history.cycles.slice(0, 6)) };
    expect(cycleFacts(same).cycleRange).toBeNull();
  });

  it("give Emma's report the figures the issue found disagreeing, once", () => {
    const history = historyOf('emma');
    expect(statisticLine(history.statistics.cycleLength, 'en')).toBe('28.9 ± 2.3 (28–34)');
    expect(statisticLine(history.statistics.periodLength, 'en')).toBe('4.3 ± 0.5 (4–5)');
    // "My first cycle after stopping the pill was 34 days": cycle 7, the first not on the pill.
    const firstOffPill = plans.emma!.cycles.findIndex((c) => !c.pill);
    const question = reportFixtures.reports.find((r) => r.member === 'emma')!.question;
    expect(question).toContain(`${history.cycles[firstOffPill]!.length} days`);
    expect(history.cycles[firstOffPill]).toMatchObject({ number: 7, ovulation: { day: 21 } });
  });
});

describe('the words written about the personas', () => {
  it("agree with their records: Ava's completed opinion and Daniela's draft", () => {
    const ava = historyOf('ava');
    const avaSummary = reportFixtures.reports.find((r) => r.member === 'ava')!.content!.summary;
    const { cycleLength, lutealLength, ovulationDay } = ava.statistics;
    expect(avaSummary).toContain(`ranged from ${cycleLength.min} to ${cycleLength.max} days`);
    expect(avaSummary).toContain(`between day ${ovulationDay.min} and day ${ovulationDay.max}`);
    expect(avaSummary).toContain(`${lutealLength.min}–${lutealLength.max} days`);
    const measured = ava.cycles.filter((c) => c.complete && c.lutealLength !== null).length;
    expect(avaSummary).toContain(`${['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'][measured]} of them`);

    const daniela = historyOf('daniela');
    const draft = reportFixtures.reports.find((r) => r.member === 'daniela')!.content!.summary;
    const complete = daniela.cycles.filter((c) => c.complete);
    const numbers = (cycles: CycleAnalysis[]) => cycles.map((c) => c.number);
    const anovulatory = numbers(complete.filter((c) => c.ovulation.method === 'NONE'));
    const ovulatory = complete.filter((c) => c.ovulation.method !== 'NONE');
    expect(draft).toContain(`no temperature rise in cycles ${anovulatory.join(' and ')}`);
    expect(draft).toContain(
      `in cycles ${numbers(ovulatory).slice(0, -1).join(', ')} and ${ovulatory.at(-1)!.number}`,
    );
    expect(complete.every((c) => c.lhPeaks.length > 1)).toBe(true);
    // "the rise follows the last peak": ovulation the day after each cycle's last LH peak.
    expect(ovulatory.every((c) => c.ovulation.day === c.lhPeaks.at(-1)!.day + 1)).toBe(true);
  });

  it('leave no cycle figure in the personas that their records do not give', () => {
    for (const m of personas.members) {
      expect(Object.keys(member(m.key).health).sort(), m.key).toEqual(
        ['birthDate', 'conditions', 'goal', 'tryingForMonths'].sort(),
      );
    }
  });
});

describe('the seeded intake questionnaires', () => {
  const questionnaires: QuestionnaireFixture[] = questionnaireFixtures.questionnaires;
  const words = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

  /** Her records as the seed reads them on `date` (seed/cycle-data.ts, loadMemberCycles). */
  function recordsOn(key: string, date: string) {
    const generated = generateCycleData(plans[key]!, TODAY);
    const ongoing = generated.pregnancies.find((p) => p.outcome === 'ONGOING');
    return {
      history: analyseHistory(generated.days.filter((d) => d.date <= date)),
      pregnancy: ongoing ? pregnancyOn(ongoing.lmpDate, date) : null,
      pregnancies: generated.pregnancies,
    };
  }

  /** What the seed stores: her answers on the day she sent them, from her records that day. */
  function seeded(key: string) {
    const q = questionnaires.find((e) => e.member === key)!;
    const submittedOn = addDays(TODAY, -q.submittedDaysAgo);
    const { history, pregnancy } = recordsOn(key, submittedOn);
    return {
      q,
      answers: intakeAnswers(q, {
        persona: member(key),
        records: { history, pregnancy },
        submittedAt: new Date(`${submittedOn}T12:00:00Z`),
      }),
    };
  }

  it.each(questionnaires.map((q) => q.member))(
    "%s's last period, pregnancy, cycle, age and history are what her records and profile give",
    (key) => {
      const { answers } = seeded(key);
      const records = recordsOn(key, TODAY);
      const facts = cycleFacts(records.history);
      const health = member(key).health;
      expect(answers.age).toBe(wholeYearsBetween(health.birthDate, new Date(`${TODAY}T12:00:00Z`)));
      expect(answers.tryingForMonths).toBe(health.tryingForMonths);
      const outcomes = records.pregnancies.map((p) => p.outcome);
      expect(answers.obstetricHistory).toEqual({
        pregnancies: outcomes.length,
        // The seeded records hold ongoing pregnancies and losses, no birth.
        births: 0,
        miscarriages: outcomes.filter((o) => o === 'LOSS').length,
      });
      if (records.pregnancy) {
        expect(answers.pregnancy).toEqual({
          weeks: records.pregnancy.weeks,
          dueDate: records.pregnancy.dueDate,
        });
        expect(answers.cycle).toBeNull();
        return;
      }
      expect(answers.pregnancy).toBeNull();
      const range = facts.cycleRange ?? { min: facts.cycleLength, max: facts.cycleLength };
      expect(answers.cycle).toEqual({
        // Her own answer: regular when her shortest and longest cycles are within a week.
        regularity: range.max! - range.min! <= 7 ? 'REGULAR' : 'IRREGULAR',
        averageLengthDays: Math.round(facts.cycleLength!),
        shortestDays: range.min,
        longestDays: range.max,
        periodLengthDays: Math.round(facts.periodLength!),
        lastPeriodStart: facts.lastPeriodStart,
      });
    },
  );

  it('and the words in them agree with her records', () => {
    const bianca = seeded('bianca');
    expect(bianca.q.topic).toContain(`at ${recordsOn('bianca', TODAY).pregnancy!.weeks} weeks`);

    const fatima = seeded('fatima');
    const fatimaRecords = recordsOn('fatima', TODAY);
    const loss = fatimaRecords.pregnancies.find((p) => p.outcome === 'LOSS')!;
    expect(fatima.answers.conditions).toContain(
      `Early miscarriage at ${pregnancyOn(loss.lmpDate, loss.endedOn!).weeks} weeks`,
    );
    const monthsSince = Math.floor(daysBetween(loss.endedOn!, addDays(TODAY, -1)) / 30.44);
    expect(fatima.answers.mainConcern).toContain(`since my loss ${words[monthsSince]} months ago`);
    expect(fatima.answers.mainConcern).toContain('The twelve-week scan is still weeks away');
    expect(fatimaRecords.pregnancy!.weeks).toBeLessThanOrEqual(10);

    const ivf = 'IVF in two months';
    expect(reportFixtures.reports.find((r) => r.member === 'clara')!.question).toContain(ivf);
    expect(seeded('clara').answers.mainConcern).toContain(ivf);
    const clara = recordsOn('clara', TODAY).history.cycles.filter((c) => c.complete);
    const short = clara.filter((c) => c.lutealLength === Math.min(...clara.map((x) => x.lutealLength!)));
    expect(seeded('clara').answers.mainConcern).toContain(
      `a luteal phase of only ${short[0]!.lutealLength} days in ${words[short.length]} of my last ${words[clara.length]} cycles`,
    );

    const daniela = recordsOn('daniela', TODAY).history.cycles;
    const [last, current] = [daniela.at(-2)!, daniela.at(-1)!];
    expect(last.lhPeaks).toHaveLength(2);
    expect(seeded('daniela').answers.mainConcern).toContain(
      `positive twice last cycle, on day ${last.lhPeaks[0]!.day} and again on day ${last.lhPeaks[1]!.day}, ` +
        `and this cycle already on day ${current.lhPeaks[0]!.day}`,
    );

    // She stopped the pill when she began trying, as her report's question says.
    const sincePill = `${member('ava').health.tryingForMonths} months ago`;
    expect(reportFixtures.reports.find((r) => r.member === 'ava')!.question).toContain(sincePill);
    expect(seeded('ava').answers.conditions.join(' ')).toContain(`stopping the pill ${sincePill}`);
  });
});

describe('writing the figures', () => {
  it('one decimal for means and spreads, whole days for ranges, in the reader’s language', () => {
    const stat = { n: 5, mean: 13.8, sd: 1.3, min: 12, max: 16 };
    expect(formatStatistic(stat, 'en')).toEqual({ mean: '13.8', spread: '± 1.3', range: '12–16', n: 5 });
    expect(formatStatistic(stat, 'de')).toEqual({ mean: '13,8', spread: '± 1,3', range: '12–16', n: 5 });
    expect(statisticLine({ n: 6, mean: 28, sd: 0, min: 28, max: 28 }, 'fr')).toBe('28,0 ± 0,0 (28)');
    expect(statisticLine({ n: 1, mean: 21, sd: null, min: 21, max: 21 }, 'en')).toBe('21.0 (21)');
  });

  it('a dash for what was not measured', () => {
    expect(formatStatistic({ n: 1, mean: 14, sd: null, min: 14, max: 14 }, 'fr').spread).toBe('—');
    expect(formatStatistic({ n: 0, mean: null, sd: null, min: null, max: null }, 'it')).toEqual({
      mean: '—',
      spread: '—',
      range: '—',
      n: 0,
    });
    expect(statisticLine({ n: 0, mean: null, sd: null, min: null, max: null }, 'es')).toBe('—');
  });

  it("dates of her calendar in the reader's language, never moved by a time zone", () => {
    expect(formatLocalDate('2026-11-17', 'en')).toBe('Nov 17, 2026');
    expect(formatLocalDate('2026-11-17', 'de')).toBe('17.11.2026');
    expect(formatLocalDate('2026-01-01', 'fr')).toBe('1 janv. 2026');
  });
});

describe('the phase chart', () => {
  const labels = (option: Record<string, unknown>) =>
    (option.series as Array<{ data: unknown[] }>).map((s) =>
      s.data.map((d) =>
        d && typeof d === 'object' ? (d as { label: { formatter: string } }).label.formatter : d,
      ),
    );

  it('shows a running cycle: its follicular phase and the days since ovulation, or its days so far', () => {
    const cycles = [
      cycle(7, { length: 34, follicularLength: 21, lutealLength: 13 }),
      running(8, { follicularLength: 17, ovulation: { day: 17, date: null, method: 'TEMPERATURE' } }),
    ];
    const option = phaseChartOption(cycles, cycleStatistics(cycles));
    expect((option.yAxis as { data: string[] }).data).toEqual(['Cycle 7', 'Cycle 8 (running)']);
    expect(labels(option)).toEqual([
      [21, 17],
      [13, '5 (running)'],
      [null, null],
    ]);
    const early = [
      running(3, {
        length: 12,
        follicularLength: null,
        ovulation: { day: 19, date: null, method: 'CALENDAR' },
      }),
    ];
    expect(labels(phaseChartOption(early, cycleStatistics(early)))[2]).toEqual(['running (12 days)']);
  });

  it('writes no empty "()" in its legend when a phase has no mean', () => {
    const cycles = [
      cycle(1, {
        ovulation: { day: null, date: null, method: 'NONE' },
        follicularLength: null,
        lutealLength: null,
      }),
    ];
    const legend = phaseChartOption(cycles, cycleStatistics(cycles)).legend as {
      formatter: (name: string) => string;
    };
    expect(legend.formatter('Follicular phase')).toBe('Follicular phase');
    const measured = [cycle(1)];
    const withMean = phaseChartOption(measured, cycleStatistics(measured)).legend as typeof legend;
    expect(withMean.formatter('Luteal phase')).toBe('Luteal phase (mean 14.0 days)');
  });
});
