/**
 * The numbers a doctor reads agree everywhere (issue 26): Dr. Amelia Hart opens a report on Emma
 * Laurent — six withdrawal bleeds on the pill, a first cycle off it of 34 days (her own words) that
 * ovulated on day 21, and a second one running — and reads the same usual cycle, period and last
 * period in the member panel, the statistics, the overlays of 1, 3 and 6 cycles (the running one
 * included), the calendars of the report and of the daily chart, the comparison and report PDFs and
 * a call's share window, in English and in German.
 * The expected figures are the analysis of Emma's seeded records (fixtures/cycles.json) through
 * src/shared/cycle.
 */
import { expect, test, type Page } from '@playwright/test';
import { member } from '../../fixtures';
import {
  analyseHistory,
  cycleStatistics,
  formatStatistic,
  latestCycles,
  statisticLine,
} from '../../src/shared/cycle';
import { formatLocalDate } from '../../src/shared/time/format';
import { pdfLines } from '../support/pdf-text';
import { chartDrawn, signInAs } from './support';
import { seededRecords } from './seeded-records';
import { admin } from './workspace-support';

type History = ReturnType<typeof analyseHistory>;
/** Emma's records as the seed made them, ending on her today (Europe/Paris) when it ran. */
let emma: History;
let statistics: History['statistics'];
let running: History['cycles'][number];
let firstOffPill: History['cycles'][number];

test.beforeAll(async () => {
  emma = analyseHistory((await seededRecords('emma')).days);
  statistics = emma.statistics;
  running = emma.cycles.at(-1)!;
  firstOffPill = emma.cycles[6]!;
});

async function claimNewReportOnEmma(page: Page, title: string): Promise<void> {
  const out = await admin(['assign-report', 'emma', 'amelia', '--title', title]);
  const reportId = /Assigned report (\d+)/.exec(out)![1];
  await page.goto(`/reports/detail?reportId=${reportId}`);
  await page.getByRole('button', { name: 'Claim', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Claim this report?' })
    .getByRole('button', { name: 'Claim' })
    .click();
  await chartDrawn(page.getByTestId('cycle-chart'));
}

/** The PDF a link button opens: headless Chromium downloads it, so the file is read by its URL. */
async function pdfBehind(page: Page, button: string): Promise<string[]> {
  const fileRequest = page
    .context()
    .waitForEvent('request', (r) => r.url().includes('/api/core/cycle/file/'));
  await page.getByRole('button', { name: button }).click();
  const file = await page.request.get((await fileRequest).url());
  expect(file.status()).toBe(200);
  return pdfLines(await file.body());
}

/**
 * A cycle's calendar (the report's and the daily chart's): its caption names the cycle, the days
 * marked as the period are the cycle's first `periodLength` from its start, and the ovulation day
 * is the analysis's.
 */
async function expectCalendar(page: Page, cycle: History['cycles'][number]): Promise<void> {
  const calendar = page.getByTestId('cycle-calendar');
  await expect(calendar.locator('caption')).toHaveText(`Cycle ${cycle.number} calendar`);
  const period = calendar.locator('td[aria-label*=", Period"]');
  await expect(period).toHaveCount(cycle.periodLength);
  const firstDay = formatLocalDate(cycle.startDate, 'en', { dateStyle: 'long' });
  await expect(period.first()).toHaveAttribute('aria-label', new RegExp(`^${firstDay}, Cycle day 1, Period`));
  const ovulation = calendar.locator('td[data-ovulation]');
  if (cycle.ovulation.day === null) await expect(ovulation).toHaveCount(0);
  else
    await expect(ovulation).toHaveAttribute('aria-label', new RegExp(`, Cycle day ${cycle.ovulation.day},`));
}

/** A figure of the member panel or of the statistics above her charts, by its label. */
const figure = (page: Page, where: 'panel' | 'statistics', label: string, panel = 'Member') =>
  (where === 'panel'
    ? page.getByRole('complementary', { name: panel })
    : page.getByTestId('history-statistics')
  )
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test("Emma's usual cycle, period and last period read the same in the panel, the statistics, the overlays and the PDFs", async ({
  page,
}) => {
  // The seed's story: pill cycles of 28 days, then 34 days with ovulation on day 21, and a running cycle.
  expect(firstOffPill).toMatchObject({ length: 34, ovulation: { day: 21 }, complete: true });
  expect(running.complete).toBe(false);
  const cycleLine = statisticLine(statistics.cycleLength, 'en');
  const periodLine = statisticLine(statistics.periodLength, 'en');
  expect(cycleLine).toBe('28.9 ± 2.3 (28–34)');

  await signInAs(page, 'amelia');
  await claimNewReportOnEmma(page, 'Figures check');

  // The member panel: her records' means, written as the statistics write them, and her last period.
  await expect(figure(page, 'panel', 'Usual cycle')).toHaveText(
    `${statistics.cycleLength.mean!.toFixed(1)} days (${statistics.cycleLength.min}–${statistics.cycleLength.max})`,
  );
  await expect(figure(page, 'panel', 'Period')).toHaveText(
    `${statistics.periodLength.mean!.toFixed(1)} days`,
  );
  await expect(figure(page, 'panel', 'Last period')).toHaveText(formatLocalDate(running.startDate, 'en'));
  await expect(page.getByTestId('cycle-source')).toHaveText(
    `From her records: ${statistics.cycleLength.n} complete cycles`,
  );

  // The statistics above her charts: the same figures, with how many cycles each counts.
  await expect(figure(page, 'statistics', 'Cycle length')).toHaveText(
    `${cycleLine}${statistics.cycleLength.n} cycles`,
  );
  await expect(figure(page, 'statistics', 'Period length')).toHaveText(
    `${periodLine}${statistics.periodLength.n} cycles`,
  );
  await expect(page.getByText(`Across all ${emma.cycles.length} cycles on record`)).toBeVisible();

  // Her question in the pool ("My first cycle after stopping the pill was 34 days") is cycle 7's.
  const select = page.getByRole('combobox', { name: 'Cycle' });
  await expect(select.locator('option', { hasText: /^Cycle 7 · / })).toHaveText(
    `Cycle 7 · from ${formatLocalDate(firstOffPill.startDate, 'en')} · 34 days`,
  );

  // The running cycle is the one shown first, and "1 cycle" overlays it.
  await expect(select).toHaveValue(String(running.number));
  const overlay = page.getByRole('region', { name: 'Cycles overlaid by cycle day' });
  await overlay.getByRole('radio', { name: '1 cycle' }).click();
  await expect(overlay.getByRole('heading')).toHaveText(
    `Cycles overlaid by cycle day (cycle ${running.number}, running)`,
  );
  const phases = overlay.getByRole('table', { name: /^Phase statistics/ });
  const phaseFigure = (row: RegExp) => phases.getByRole('row', { name: row }).getByRole('cell').first();
  const one = cycleStatistics([running]);
  await expect(phaseFigure(/^Follicular phase/)).toHaveText(`${one.follicularLength.mean!.toFixed(1)} days`);
  await expect(phaseFigure(/^Cycle length/)).toHaveText('—');

  await overlay.getByRole('radio', { name: '3 cycles' }).click();
  await expect(overlay.getByRole('heading')).toHaveText(
    `Cycles overlaid by cycle day (cycles ${running.number - 2}–${running.number}, ${running.number} running)`,
  );
  const three = cycleStatistics(latestCycles(emma.cycles, 3));
  await expect(phaseFigure(/^Cycle length/)).toHaveText(`${three.cycleLength.mean!.toFixed(1)} days`);

  await overlay.getByRole('radio', { name: '6 cycles' }).click();
  await expect(overlay.getByRole('heading')).toHaveText(
    `Cycles overlaid by cycle day (cycles ${running.number - 5}–${running.number}, ${running.number} running)`,
  );
  await chartDrawn(page.getByTestId('cycle-overlay'));
  const six = cycleStatistics(latestCycles(emma.cycles, 6));
  await expect(phaseFigure(/^Cycle length/)).toHaveText(`${six.cycleLength.mean!.toFixed(1)} days`);

  // The comparison PDF holds what the overlay shows and what the statistics say.
  const comparison = await pdfBehind(page, 'Comparison PDF');
  const onRecord = comparison.indexOf(`Across all ${emma.cycles.length} cycles on record`);
  expect(comparison.slice(onRecord + 1, onRecord + 3)).toEqual([
    `Cycle length ${cycleLine} days, ${statistics.cycleLength.n} cycles`,
    `Period length ${periodLine} days, ${statistics.periodLength.n} cycles`,
  ]);
  const across = comparison.indexOf('Across these 6 cycles');
  expect(comparison[across + 1]).toBe(
    `Cycle length ${statisticLine(six.cycleLength, 'en')} days, ${six.cycleLength.n} cycles`,
  );
  const start = formatLocalDate(running.startDate, 'en');
  expect(comparison.join(' ')).toContain(
    `Cycle ${running.number} (${start}, running): ${running.length} days so far; ovulation: day ${running.ovulation.day}`,
  );

  // The report PDF, prepared by her: the first cycle off the pill ovulating on day 21, and the running one.
  const report = (await pdfBehind(page, 'Report PDF')).join(' ');
  expect(report).toContain('Figures check: Emma Laurent');
  expect(report).toContain('prepared by Amelia Hart');
  expect(report).toContain(`Cycle length ${cycleLine} days, ${statistics.cycleLength.n} cycles`);
  expect(report).toContain(
    `Cycle 7 (${formatLocalDate(firstOffPill.startDate, 'en')}): 34 days; ovulation: day 21 (`,
  );
  expect(report).toContain(`Cycle ${running.number} (${start}, running)`);

  // The single-cycle PDF of the first cycle off the pill: 34 days, ovulating on day 21.
  await select.selectOption(String(firstOffPill.number));
  await chartDrawn(page.getByTestId('cycle-chart'));
  const single = (await pdfBehind(page, 'Cycle PDF')).join(' ');
  expect(single).toContain(`Cycle ${firstOffPill.number}`);
  expect(single).toContain('Cycle length 34 days');
  expect(single).toContain(`Period length ${firstOffPill.periodLength} days`);
  expect(single).toContain(`Ovulation day 21 (${formatLocalDate(firstOffPill.ovulation.date!, 'en')})`);

  // Her calendar under the chart: the period from the cycle's first day, ovulation on day 21.
  await expectCalendar(page, firstOffPill);

  // The daily chart, newest first: the running cycle, then cycle 7, each with the same calendar.
  const reportId = new URL(page.url()).searchParams.get('reportId');
  await page.goto(`/reports/daily-chart?reportId=${reportId}`);
  await expect(page.getByTestId('cycle-chart')).toHaveAttribute('data-chart-state', 'ready');
  await expectCalendar(page, running);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expectCalendar(page, firstOffPill);
  await expect(page.getByTestId('cycle-chart')).toHaveAttribute('data-chart-state', 'ready');
  await page.goto(`/reports/detail?reportId=${reportId}`);

  // The share window of a call (spec §2 /shareScreen), which the call's canvas draws word for word
  // (tests/e2e/calls.spec.ts compares the two): the running cycle first, cycle 7 ovulating on day
  // 21, and her usual ovulation day as the statistics count it.
  const share = await page.context().newPage();
  await share.goto(`/shareScreen?otherUserId=${member('emma').chatId}`);
  const cycleChoice = share.getByRole('combobox', { name: 'Cycle' });
  await expect(cycleChoice.locator('option:checked')).toHaveText(
    `Cycle ${running.number} from ${formatLocalDate(running.startDate, 'en')}`,
  );
  await cycleChoice.selectOption(String(firstOffPill.number));
  const ovulation = share.getByRole('region', { name: 'Ovulation' });
  const fact = (label: string) =>
    ovulation.locator('div', { has: share.locator('dt', { hasText: label }) }).locator('dd');
  await expect(fact('This cycle')).toHaveText(/^Cycle day 21 \(/);
  await expect(fact('Usual ovulation day')).toHaveText(formatStatistic(statistics.ovulationDay, 'en').mean);
  await share.close();

  // In German the same figures, written as German writes them.
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await chartDrawn(page.getByTestId('cycle-chart'));
  const decimal = new Intl.NumberFormat('de', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  await expect(figure(page, 'panel', 'Übliche Zykluslänge', 'Nutzerin')).toHaveText(
    `${decimal.format(statistics.cycleLength.mean!)} Tage (${statistics.cycleLength.min}–${statistics.cycleLength.max})`,
  );
  await expect(figure(page, 'statistics', 'Zykluslänge')).toHaveText(
    `${statisticLine(statistics.cycleLength, 'de')}${statistics.cycleLength.n} Zyklen`,
  );
});
