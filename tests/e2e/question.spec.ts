/**
 * /question (spec §2, issue 12): the intake questionnaire a member filled in before a
 * consultation, opened from the appointment; only the appointment's provider sees it. Its cycle and
 * pregnancy figures are those of the member's seeded records (fixtures/cycles.json) through
 * src/shared/cycle (issue 26).
 */
import { expect, test, type Page } from '@playwright/test';
import { member, questionnaireFixtures } from '../../fixtures';
import { analyseHistory, cycleFacts } from '../../src/shared/cycle';
import { addDays, daysBetween } from '../../src/shared/time/calendar';
import { formatLocalDate } from '../../src/shared/time/format';
import { seededRecords } from './seeded-records';
import { signInAs } from './support';

/** A local date as the questionnaire writes it in English. */
const longDate = (date: string) => formatLocalDate(date, 'en', { dateStyle: 'long' });

async function openUpcoming(page: Page, client: string, topic: string) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Appointments' })
    .click();
  // Fill the search only once the Appointments page is there, not a search of the page before it.
  await expect(page.getByRole('table', { name: 'Your appointments' })).toBeVisible();
  const filter = page.getByRole('search');
  await filter.getByLabel('Client name').fill(client);
  await filter.getByLabel('Client name').press('Enter');
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await page
    .getByRole('table', { name: 'Your appointments' })
    .getByRole('row')
    .filter({ hasText: topic })
    // The list may still show the other statuses while the tab's page loads.
    .filter({ hasText: 'Upcoming' })
    .click();
  await expect(page).toHaveURL(/\/orders\/detail\?id=\d+$/);
}

test('the provider reads the questionnaire of an appointment and goes back to it', async ({ page }) => {
  await signInAs(page, 'amelia');
  await openUpcoming(page, member('daniela').name, 'Follow-up on ovulation tracking');
  const detailUrl = page.url();
  await page.getByRole('link', { name: 'Intake questionnaire' }).click();
  await expect(page).toHaveURL(/\/question\?appointmentId=\d+$/);

  const sheet = page.getByRole('article', { name: 'Intake questionnaire' });
  await expect(sheet.getByRole('heading', { level: 1, name: 'Intake questionnaire' })).toBeVisible();
  await expect(sheet.getByText(/Daniela Moreno · consultation on/)).toBeVisible();
  await expect(sheet.getByText('Booked for: Follow-up on ovulation tracking')).toBeVisible();
  const reason = sheet.getByRole('region', { name: 'Reason for the consultation' });
  await expect(reason.getByText('Trying to conceive')).toBeVisible();
  await expect(reason.getByText(/LH strips were positive twice/)).toBeVisible();
  const cycle = sheet.getByRole('region', { name: 'Menstrual cycle' });
  await expect(cycle.getByText('Irregular')).toBeVisible();
  const daniela = cycleFacts(analyseHistory((await seededRecords('daniela')).days));
  await expect(cycle.getByText(`${daniela.cycleRange!.min}–${daniela.cycleRange!.max}`)).toBeVisible();
  await expect(cycle.getByText(longDate(daniela.lastPeriodStart!))).toBeVisible();
  const history = sheet.getByRole('region', { name: 'Obstetric and medical history' });
  await expect(history.getByText('Polycystic ovary syndrome (diagnosed 2022)')).toBeVisible();
  await expect(history.getByText('Metformin 500 mg twice daily')).toBeVisible();
  await expect(
    sheet.getByRole('region', { name: 'Treatments and tracking' }).getByText('Ovulation (LH) tests'),
  ).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Pregnancy' })).toHaveCount(0);
  // Outside the main layout (spec §2): no menu.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the appointment' }).click();
  await expect(page).toHaveURL(detailUrl);
});

test('a pregnant member’s questionnaire shows the pregnancy, and one not filled in says so', async ({
  page,
}) => {
  await signInAs(page, 'amelia');
  await openUpcoming(page, member('fatima').name, 'Anxiety before the twelve-week scan');
  await page.getByRole('link', { name: 'Intake questionnaire' }).click();
  const sheet = page.getByRole('article', { name: 'Intake questionnaire' });
  const pregnancy = sheet.getByRole('region', { name: 'Pregnancy' });
  // Her weeks on the day she sent it, her due date 280 days after her last period (Naegele).
  const fatima = await seededRecords('fatima');
  const lmp = fatima.pregnancies.find((p) => p.outcome === 'ONGOING')!.lmpDate;
  const sent = questionnaireFixtures.questionnaires.find((q) => q.member === 'fatima')!.submittedDaysAgo;
  const weeks = Math.floor(daysBetween(lmp, addDays(fatima.today, -sent)) / 7);
  await expect(pregnancy.getByText(String(weeks), { exact: true })).toBeVisible();
  await expect(pregnancy.getByText(longDate(addDays(lmp, 280)))).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Menstrual cycle' })).toHaveCount(0);
  await expect(sheet.getByRole('region', { name: 'Consent' }).getByText('Not shared')).toBeVisible();

  await page.goto('/orders');
  await openUpcoming(page, member('ava').name, 'Results of the day 3 blood test');
  await page.getByRole('link', { name: 'Intake questionnaire' }).click();
  await expect(
    page.getByText('Ava Thompson has not filled in the questionnaire for this consultation yet.'),
  ).toBeVisible();
});

test('another provider cannot read it, and the page speaks the provider’s language', async ({ page }) => {
  await signInAs(page, 'amelia');
  await openUpcoming(page, member('clara').name, 'Short luteal phase before IVF');
  await page.getByRole('link', { name: 'Intake questionnaire' }).click();
  await expect(page).toHaveURL(/\/question\?appointmentId=\d+$/);
  const questionUrl = page.url();
  await expect(page.getByText('None yet; IVF with ICSI planned in two months')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufnahmefragebogen' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Menstruationszyklus' }).getByText('Regelmäßig', { exact: true }),
  ).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'en'));

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'bruno', questionUrl);
  await expect(page.getByRole('alert')).toHaveText(
    'This appointment does not exist, or it is not one of yours.',
  );
  await expect(page.getByText('IVF with ICSI')).toHaveCount(0);
});
