/**
 * The intake questionnaire's numbers in the provider's language (issue 26 "Her language": numbers
 * formatted with `Intl`; features/questionnaire/intake-sections.tsx): Ava Thompson's answers, with
 * a weight given to the half kilo, read by a provider whose portal is in German and in English.
 */
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, expect, it } from 'vitest';
import { questionnaireFixtures } from '../../fixtures';
import type { IntakeAnswers } from '../../src/shared/api/questionnaire';
import { IntakeSections } from '../../src/app/features/questionnaire/intake-sections';
import de from '../../src/app/i18n/locales/de/intake.json';

const ava = questionnaireFixtures.questionnaires.find((q) => q.member === 'ava')!;
const answers = {
  ...ava.answers,
  age: 31,
  tryingForMonths: 14,
  weightKg: 64.5,
  cycle: {
    regularity: 'IRREGULAR',
    averageLengthDays: 38,
    shortestDays: 31,
    longestDays: 46,
    periodLengthDays: 5,
    lastPeriodStart: null,
  },
  pregnancy: null,
} as IntakeAnswers;

afterEach(() => i18next.changeLanguage('en'));

/** The value next to the label `name` in the section `section`. */
function valueOf(section: string, name: string): string {
  const terms = within(screen.getByRole('region', { name: section })).getAllByRole('term');
  const term = terms.find((t) => t.textContent === name)!;
  return term.nextElementSibling!.textContent!;
}

it('writes her weight and BMI with a decimal comma in German', async () => {
  i18next.addResourceBundle('de', 'intake', de);
  await i18next.changeLanguage('de');
  render(<IntakeSections answers={answers} />);
  expect(valueOf(de.sections.about, de.fields.weight)).toBe('64,5');
  expect(valueOf(de.sections.about, de.fields.bmi)).toBe('22,9');
  expect(valueOf(de.sections.about, de.fields.height)).toBe('168');
});

it('and with a decimal point in English', () => {
  render(<IntakeSections answers={answers} />);
  expect(valueOf('About the client', 'Weight (kg)')).toBe('64.5');
  expect(valueOf('About the client', 'BMI')).toBe('22.9');
});
