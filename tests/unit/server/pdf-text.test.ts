/**
 * The PDFs in the provider's language and time zone (issue 26): each language's words are the
 * portal's where the portal has them (charts, methods, flags, report types and statuses), a PDF
 * in es/de/fr/it holds no English word of ours, figures and dates are written the reader's way, and
 * the language is the one the portal asked in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycleFixtures } from '../../../fixtures';
import {
  cycleAnalysisPdf,
  cycleComparisonPdf,
  expertReportPdf,
  type PdfHeader,
} from '../../../src/server/cycle-data/pdf/cycle-pdf';
import { pdfLocale, pdfSafe } from '../../../src/server/cycle-data/pdf/describe';
import { PDF_WORDS } from '../../../src/server/cycle-data/pdf/text/pdf-text';
import { requestLanguage } from '../../../src/server/http/request-language';
import { generateCycleData, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import { LANGUAGES, type Language } from '../../../src/shared/constants';
import {
  analyseHistory,
  cycleStatistics,
  historyFlags,
  latestCycles,
  splitCycles,
  statisticLine,
} from '../../../src/shared/cycle';
import { pdfLines, pdfPages } from '../../support/pdf-text';
import { ROOT } from '../../support/stack';

const portal = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(path.join(ROOT, `src/app/i18n/locales/${language}/${namespace}.json`), 'utf8'),
  ) as Record<string, Record<string, string>>;

/** A PDF's header for Emma, prepared for Amelia on 23 November 2026, in `language` and `timeZone`. */
function emmaHeader(title: string, language: Language, timeZone: string): PdfHeader {
  return {
    title,
    member: { memberId: 1, name: 'Emma Laurent', timezone: 'Europe/Paris', today: '2026-11-23' },
    pregnancy: null,
    providerName: 'Amelia Hart',
    author: 'FOR',
    generatedAt: new Date('2026-11-23T17:05:00Z'),
    locale: pdfLocale(language, timeZone),
  };
}

async function emmaComparison(language: Language, timeZone = 'Europe/Berlin'): Promise<string[]> {
  const { days } = generateCycleData(cycleFixtures.members.emma as CyclePlan, '2026-11-23');
  const history = analyseHistory(days);
  const spans = splitCycles(days);
  const cycles = latestCycles(history.cycles, 6).map((c) => ({ cycle: c, days: spans[c.number - 1]!.days }));
  const analyses = cycles.map((c) => c.cycle);
  const pdf = await cycleComparisonPdf(
    emmaHeader(`${PDF_WORDS[language].comparisonTitle}: Emma Laurent`, language, timeZone),
    {
      cycles,
      statistics: cycleStatistics(analyses),
      flags: historyFlags(analyses),
      history: { cycles: history.cycles.length, statistics: history.statistics, flags: history.flags },
    },
  );
  return pdfLines(pdf);
}

describe('the PDF words', () => {
  for (const language of LANGUAGES) {
    it(`${language}: are the portal's for the charts, methods, flags, report types and statuses`, () => {
      const words = PDF_WORDS[language];
      const charts = portal(language, 'charts');
      const reports = portal(language, 'reports');
      for (const [key, value] of Object.entries(words.chart)) expect(value, key).toBe(charts[key]);
      expect(words.methods).toEqual(charts.method);
      expect(words.flags).toEqual(charts.flag);
      expect(words.types).toEqual(reports.type);
      for (const [key, value] of Object.entries(words.statuses))
        expect(value, key).toBe(reports.status![key]);
    });
  }

  it('follow the language the portal asks in, else the provider’s saved one, else English', () => {
    expect(requestLanguage('de-DE,de;q=0.9,en;q=0.5', 'en')).toBe('de');
    expect(requestLanguage('pt-BR, fr;q=0.8', 'it')).toBe('fr');
    expect(requestLanguage('*', 'it')).toBe('it');
    expect(requestLanguage(undefined, 'xx')).toBe('en');
  });

  it('are drawn with the standard fonts: Intl’s narrow spaces become spaces, nothing else garbles', () => {
    expect(pdfSafe('28\u202fnov. 10\u2009h – ok ±°·')).toBe('28\u00a0nov. 10\u00a0h – ok ±°·');
    expect(pdfSafe('Łódź')).toBe('?ód?');
  });
});

describe('a comparison PDF', () => {
  it('in English: the figures as the portal writes them, the time in the provider’s zone', async () => {
    const lines = await emmaComparison('en');
    const { days } = generateCycleData(cycleFixtures.members.emma as CyclePlan, '2026-11-23');
    const history = analyseHistory(days);
    expect(lines.slice(0, 3)).toEqual([
      'Cycle comparison: Emma Laurent',
      'Emma Laurent · dates of her calendar (Europe/Paris)',
      'prepared for Amelia Hart · generated Nov 23, 2026, 6:05 PM GMT+1',
    ]);
    expect(lines).toContain(
      `Cycle length ${statisticLine(history.statistics.cycleLength, 'en')} days, 7 cycles`,
    );
    expect(lines).toContain('Cycle length 28.9 ± 2.3 (28–34) days, 7 cycles');
    expect(lines.join(' ')).toContain(
      'Cycle 8 (Nov 2, 2026, running): 22 days so far; ovulation: day 17 (Nov 18, 2026)',
    );
  });

  for (const language of ['es', 'de', 'fr', 'it'] as const) {
    it(`in ${language}: no English word of ours, no ISO date, no UTC`, async () => {
      const text = (await emmaComparison(language)).join('\n');
      expect(text).not.toMatch(
        /\b(days?|Across|record|overlaid|prepared|generated|running|so far|Period|Luteal|Follicular|Flags|none|not found|Cover line|Mean|Cycle length|Each cycle|History)\b/,
      );
      // French writes an offset as UTC+1; a time in UTC itself would say UTC alone.
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\bUTC\b(?![+−-])/);
      expect(text).toContain(PDF_WORDS[language].comparisonTitle);
      expect(text).toContain(statisticLine({ n: 7, mean: 28.9, sd: 2.3, min: 28, max: 34 }, language));
    });
  }
});

/** The PDF of Emma's first cycle off the pill (cycle 7: 34 days, ovulation on day 21). */
async function emmaCycleSeven(language: Language): Promise<string[]> {
  const { days } = generateCycleData(cycleFixtures.members.emma as CyclePlan, '2026-11-23');
  const cycle = analyseHistory(days).cycles[6]!;
  const pdf = await cycleAnalysisPdf(
    emmaHeader(`${PDF_WORDS[language].analysisTitle}: Emma Laurent`, language, 'Europe/Berlin'),
    { cycle, days: splitCycles(days)[6]!.days },
  );
  return pdfLines(pdf);
}

describe('a single-cycle PDF', () => {
  it('in English: the cycle as the portal writes it', async () => {
    const text = (await emmaCycleSeven('en')).join(' ');
    expect(text).toContain('Cycle analysis: Emma Laurent');
    expect(text).toContain('Cycle length 34 days');
    expect(text).toContain('Ovulation day 21 (');
  });

  for (const language of ['es', 'de', 'fr', 'it'] as const) {
    it(`in ${language}: no English word of ours, no ISO date, no UTC`, async () => {
      const text = (await emmaCycleSeven(language)).join('\n');
      expect(text).not.toMatch(
        /\b(days?|prepared|generated|running|so far|Period|Luteal|Follicular|Cover line|Cycle length|Temperature)\b/,
      );
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\bUTC\b(?![+−-])/);
      expect(text).toContain(`${PDF_WORDS[language].analysisTitle}: Emma Laurent`);
      expect(text).toMatch(/\b34\b/);
      expect(text).toMatch(/\b21\b/);
      // Every decimal written the reader's way, an LH reading too: 36,7, not 36.7 (a German date's
      // 23.11.2026 is not a decimal).
      expect(text).not.toMatch(/\b\d+\.\d{1,2}\b(?![.\d])/);
    });
  }
});

describe('an expert report PDF reads well (issue 26)', () => {
  const head = (language: Language): PdfHeader => ({
    title: 'PCOS cycle review: Emma Laurent',
    member: { memberId: 1, name: 'Emma Laurent', timezone: 'Europe/Paris', today: '2026-11-23' },
    pregnancy: null,
    providerName: 'Amelia Hart',
    providerTitle: 'Reproductive endocrinologist',
    author: 'BY',
    generatedAt: new Date('2026-11-23T17:05:00Z'),
    locale: pdfLocale(language, 'Europe/Berlin'),
  });

  it('is prepared by the provider, with her name and title, in her language', async () => {
    expect((await pdfLines(await expertReportPdf(head('en'), [], null)))[2]).toBe(
      'prepared by Amelia Hart, Reproductive endocrinologist · generated Nov 23, 2026, 6:05 PM GMT+1',
    );
    expect((await pdfLines(await expertReportPdf(head('de'), [], null)))[2]).toMatch(
      /^erstellt von Amelia Hart, Reproductive endocrinologist · .*23\.11\.2026/,
    );
  });

  it('never leaves a heading last on a page without its content (keep-with-next)', async () => {
    const sentence = 'The temperature rose after day 17 and stayed above the cover line for twelve days.';
    // Sections of every size, so that headings fall at every height of a page.
    const sections = Array.from({ length: 70 }, (_, i) => ({
      heading: `Section ${i + 1}`,
      lines: Array.from({ length: 1 + (i % 4) }, (_, j) => sentence.repeat(1 + ((i + j) % 5))),
    }));
    const pages = pdfPages(await expertReportPdf(head('en'), sections, null));
    expect(pages.length).toBeGreaterThan(4);
    const headings = new Set(sections.map((s) => s.heading));
    for (const [n, page] of pages.entries()) expect(headings.has(page.at(-1)!), `page ${n + 1}`).toBe(false);
    // Every section is there, in order.
    expect(pages.flat().filter((line) => headings.has(line))).toEqual(sections.map((s) => s.heading));
  });
});
