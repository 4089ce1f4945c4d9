/**
 * Nothing typed is lost to the automatic logoff (docs/security.md "Automatic logoff"), with the
 * browser's clock under Playwright's control: a provider edits a report in one tab and writes a
 * message she does not send in another, then walks away. The warning names both; after the logoff
 * and signing in again she is back on the report with her changes unsaved in the editor, the
 * message is offered back and fills the conversation's box again; signing out on purpose names
 * what is still not saved before deleting it, and staying keeps it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { member } from '../../fixtures';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog } from './messages-support';
import { acknowledgeApproval, scrollUntilAttached, signInThroughForm } from './support';
import { admin, submitProfileOverApi } from './workspace-support';

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };
const emma = member('emma');

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/api/user/user/sign/in/doctor', {
    headers: HEADERS,
    form: { email, password },
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** An approved provider with report access, holding a report on Ava, and a dialog with Emma. */
async function providerWithReport(request: APIRequestContext) {
  const { provider, peer } = await memberOpensDialog(request, 'drafts', 'emma');
  await stopPeer(peer);
  await submitProfileOverApi(request, await tokenOf(request, provider.email, provider.password));
  await admin(['audit', 'approve', provider.email]);
  await admin(['reports', 'grant', provider.email]);
  await admin(['assign-report', 'ava', provider.email, '--title', 'Cycle review']);
  const headers = { ...HEADERS, authToken: await tokenOf(request, provider.email, provider.password) };
  const list = await request.get('/api/user/member/expertReport/reportList?type=Open&page=1&pageSize=10', {
    headers,
  });
  const { data } = (await list.json()) as { data: { list: Array<{ reportId: number; mine: boolean }> } };
  const { reportId } = data.list.find((r) => r.mine)!;
  await request.post(`/api/user/member/expertReport/claim?reportId=${reportId}`, { headers });
  return { ...provider, reportId };
}

test('drafts survive the idle logoff, are named in its warning and offered back after signing in', async ({
  context,
  page,
  request,
}) => {
  const provider = await providerWithReport(request);
  await context.clock.install();
  await signInThroughForm(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  await acknowledgeApproval(page);

  const reportPath = `/reports/detail?reportId=${provider.reportId}`;
  await page.goto(reportPath);
  const editor = page.getByRole('region', { name: 'Your report' });
  const opinion = 'Luteal phase of 12 days; ovulation around day 19.';
  await editor.getByLabel('Expert opinion').fill(opinion);
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  const chatTab = await context.newPage();
  await chatTab.goto(`/message?userId=${emma.chatId}`);
  const conversation = chatTab.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation).toBeVisible({ timeout: 30_000 });
  const box = conversation.getByRole('textbox', { name: 'Message' });
  await box.fill('Before your next cycle, could you');

  // Back in the report's tab, where she walks away from.
  await page.bringToFront();
  await editor.getByLabel('Expert opinion').click();
  await page.clock.fastForward('14:01');
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('listitem')).toHaveText(
    ['Expert report on Ava Thompson', 'Message to Emma Laurent'],
    {
      useInnerText: true,
    },
  );
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('You were signed out after 15 minutes without activity.')).toBeVisible();
  await chatTab.close();

  await signInThroughForm(page, provider.email, provider.password);
  await expect(page).toHaveURL(new RegExp(`${reportPath.replace('?', '\\?')}$`));
  await expect(editor.getByLabel('Expert opinion')).toHaveValue(opinion);
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');

  // She saves the report; the message is still offered. What comes in above the button moves it
  // down — the notice, once the drafts are read, and the recommended content's two lists, once
  // searched — so the click waits for them (docs/testing.md "Load failures found and fixed").
  const notice = page.getByRole('region', { name: 'Not saved before you were signed out' });
  await expect(notice).toBeVisible();
  for (const list of ['Articles', 'Videos']) {
    const add = editor
      .getByRole('region', { name: list, exact: true })
      .getByRole('button', { name: /^Add / });
    await scrollUntilAttached(add.first());
    await expect(add.first()).toBeVisible();
  }
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(/^Draft saved at /);
  await notice.getByRole('link', { name: 'Message to Emma Laurent' }).click();
  await expect(page).toHaveURL(/\/message/);
  await expect(
    page
      .getByRole('region', { name: 'Conversation with Emma Laurent' })
      .getByRole('textbox', { name: 'Message' }),
  ).toHaveValue('Before your next cycle, could you');

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out and delete what is not saved?' });
  await expect(ask.getByRole('listitem')).toHaveText(['Message to Emma Laurent']);
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/message/);
});
