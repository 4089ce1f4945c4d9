/**
 * The words of the generated PDFs in the five portal languages (spec §1, issue 26): one dictionary
 * per language, the chart labels, ovulation methods, flags, report types and statuses worded as the
 * portal words them (tests/unit/server/pdf-text.test.ts compares them with the portal's locales).
 * Templates take `{name}` values; a key with `_one`/`_other` forms is chosen by `Intl.PluralRules`.
 */
import type { ChartLabels, CycleFlag, HistoryFlag, OvulationMethod } from '../../../../shared/cycle';
import type { Language } from '../../../../shared/constants';
import type { ExpertReportStatus, ExpertReportType } from '../../../../shared/expert-reports';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

/** Templates of one language; `Counted` keys have a singular and a plural form. */
export interface PdfWords {
  /** A PDF's title: `{title}` (the kind, or the report's title) and `{name}` (the member). */
  titleOf: string;
  analysisTitle: string;
  comparisonTitle: string;
  /** `{name}`, `{zone}`: the member and the time zone of her calendar. */
  member: string;
  preparedFor: string;
  preparedBy: string;
  generated: string;
  pregnant: string;
  cycleHeading: string;
  onRecord: Counted;
  overlaid: Counted;
  phases: string;
  across: Counted;
  eachCycle: string;
  rows: {
    cycle: string;
    cycleLength: string;
    periodLength: string;
    ovulation: string;
    temperatureShift: string;
    lhPeaks: string;
    follicular: string;
    luteal: string;
    fertileWindow: string;
    flags: string;
    ovulationDay: string;
    history: string;
  };
  cycleSpan: string;
  days: Counted;
  daysSoFar: Counted;
  shift: string;
  noShift: string;
  lhPeak: string;
  none: string;
  fertileWindow: string;
  notEnoughData: string;
  statistic: Counted;
  dayStatistic: Counted;
  ovulation: string;
  cycleRef: string;
  cycleRefRunning: string;
  cycleLine: string;
  report: {
    heading: string;
    typeStatus: string;
    dates: string;
    question: string;
    assessment: string;
    findings: string;
    toDos: string;
    lifestyle: string;
    reading: string;
    followUp: string;
    followUpWeeks: Counted;
  };
  chart: Omit<ChartLabels, 'language' | 'temperatureUnit'>;
  methods: Record<OvulationMethod, string>;
  flags: Record<CycleFlag | HistoryFlag, string>;
  types: Record<ExpertReportType, string>;
  statuses: Record<ExpertReportStatus, string>;
}

export interface Counted {
  one: string;
  other: string;
}

export const PDF_WORDS: Record<Language, PdfWords> = { en, es, de, fr, it };

/** `template` with each `{name}` replaced by its value. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The form of `counted` for `count` in `language`, filled with `count` and `values`. */
export function fillCounted(
  language: Language,
  counted: Counted,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(language).select(count) === 'one' ? counted.one : counted.other;
  return fill(form, { count, ...values });
}
