/**
 * The answers of an intake questionnaire (src/shared/api/questionnaire.ts) as the sections a
 * provider reads before a consultation: coded answers translated, free text in the member's words.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeAnswers } from '../../../shared/api/questionnaire';
import { formatDecimal } from '../../../shared/cycle/format';
import { dateTimeFormat, numberFormat } from '../../components/format';

/** A local date `YYYY-MM-DD` in the reader's language, without shifting it by a time zone. */
function formatLocalDate(date: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      <dl className="grid gap-x-6 sm:grid-cols-3">{children}</dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="border-t border-slate-100 py-2 text-sm font-medium text-slate-500">{label}</dt>
      <dd className="border-t border-slate-100 py-2 text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </>
  );
}

function List({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <span className="text-slate-500">{empty}</span>;
  return (
    <ul className="list-disc pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function IntakeSections({ answers }: { answers: IntakeAnswers }) {
  const { t, i18n } = useTranslation('intake');
  const lang = i18n.language;
  const a = answers;
  const notGiven = t('notGiven');
  // Numbers as her language writes them (issue 26: "22,7" in German, not "22.7").
  const number = numberFormat(lang, { maximumFractionDigits: 1 });
  const value = (v: number | null) => (v === null ? notGiven : number.format(v));
  const bmi = a.heightCm && a.weightKg ? formatDecimal(a.weightKg / (a.heightCm / 100) ** 2, lang) : null;

  return (
    <div className="flex flex-col gap-4">
      <Section title={t('sections.reason')}>
        <Item label={t('fields.goal')}>{t(`values.goal.${a.goal}`)}</Item>
        <Item label={t('fields.mainConcern')}>
          <blockquote className="border-l-4 border-brand/40 pl-3 whitespace-pre-line">
            {a.mainConcern}
          </blockquote>
        </Item>
        <Item label={t('fields.questions')}>
          <List items={a.questions} empty={t('none')} />
        </Item>
      </Section>

      <Section title={t('sections.about')}>
        <Item label={t('fields.age')}>{a.age}</Item>
        <Item label={t('fields.height')}>{value(a.heightCm)}</Item>
        <Item label={t('fields.weight')}>{value(a.weightKg)}</Item>
        <Item label={t('fields.bmi')}>{bmi ?? notGiven}</Item>
        <Item label={t('fields.tryingFor')}>{value(a.tryingForMonths)}</Item>
      </Section>

      {a.cycle && (
        <Section title={t('sections.cycle')}>
          <Item label={t('fields.regularity')}>{t(`values.regularity.${a.cycle.regularity}`)}</Item>
          <Item label={t('fields.averageLength')}>{value(a.cycle.averageLengthDays)}</Item>
          <Item label={t('fields.range')}>
            {a.cycle.shortestDays !== null && a.cycle.longestDays !== null
              ? `${a.cycle.shortestDays}–${a.cycle.longestDays}`
              : notGiven}
          </Item>
          <Item label={t('fields.periodLength')}>{value(a.cycle.periodLengthDays)}</Item>
          <Item label={t('fields.lastPeriod')}>
            {a.cycle.lastPeriodStart ? formatLocalDate(a.cycle.lastPeriodStart, lang) : notGiven}
          </Item>
        </Section>
      )}

      {a.pregnancy && (
        <Section title={t('sections.pregnancy')}>
          <Item label={t('fields.weeks')}>{a.pregnancy.weeks}</Item>
          <Item label={t('fields.dueDate')}>
            {a.pregnancy.dueDate ? formatLocalDate(a.pregnancy.dueDate, lang) : notGiven}
          </Item>
        </Section>
      )}

      <Section title={t('sections.history')}>
        <Item label={t('fields.pregnancies')}>{a.obstetricHistory.pregnancies}</Item>
        <Item label={t('fields.births')}>{a.obstetricHistory.births}</Item>
        <Item label={t('fields.miscarriages')}>{a.obstetricHistory.miscarriages}</Item>
        <Item label={t('fields.conditions')}>
          <List items={a.conditions} empty={t('none')} />
        </Item>
        <Item label={t('fields.medications')}>
          <List items={a.medications} empty={t('none')} />
        </Item>
        <Item label={t('fields.allergies')}>
          <List items={a.allergies} empty={t('none')} />
        </Item>
      </Section>

      <Section title={t('sections.treatment')}>
        <Item label={t('fields.previousTreatments')}>
          <List items={a.previousTreatments} empty={t('none')} />
        </Item>
        <Item label={t('fields.tracking')}>
          <List items={a.tracking.map((m) => t(`values.tracking.${m}`))} empty={t('none')} />
        </Item>
      </Section>

      <Section title={t('sections.lifestyle')}>
        <Item label={t('fields.smoking')}>{t(`values.smoking.${a.lifestyle.smoking}`)}</Item>
        <Item label={t('fields.alcohol')}>{a.lifestyle.alcoholUnitsPerWeek}</Item>
        <Item label={t('fields.exercise')}>{a.lifestyle.exerciseDaysPerWeek}</Item>
      </Section>

      <Section title={t('sections.partner')}>
        <Item label={t('fields.semenAnalysis')}>
          {a.partner ? t(`values.semen.${a.partner.semenAnalysis}`) : t('noPartner')}
        </Item>
      </Section>

      <Section title={t('sections.consent')}>
        <Item label={t('fields.shareCycleData')}>{t(a.shareCycleData ? 'consent.yes' : 'consent.no')}</Item>
      </Section>
    </div>
  );
}
