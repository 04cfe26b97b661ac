// Mail records in the browser (spec part 3 §2.7 /MailRecordList, §9; DESIGN §11 "Mail records are an outbox"): a report
// mail and a reset mail are caused through the API; the list shows them newest first with the columns of §2.7 and the
// outbox state, 50 a page; the PO number search; Resend on the report mail queues it again (success message, the row
// queued — or recorded at once, as this server has no SMTP_URL and its sender records what it cannot send); a reset
// mail has no Resend; the screen in Traditional Chinese.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { apiGet, tokenOf } from './sales-helpers';
import { shot } from './shots';
import { setLanguage } from './page-helpers';

/** A month no other spec mails about: the mail's subject names it. */
const MONTH = '2024-02';
const SUBJECT = `SalesDesk Daily report ${MONTH} (all companies)`;

const rows = (page: Page) => page.locator('table tbody tr');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

test.afterEach(async ({ page }) => {
  if (page.url().startsWith('http')) await setLanguage(page, 'en');
});

test('the mail records list shows the mails with their state; Resend queues a mail again; a reset mail has none', async ({ page }) => {
  await signInAs(page, 'admin');
  // A report mail (as the daily report's E-mail button sends it) and a forgot-password mail.
  const sent = await apiGet<Array<{ mailRecordId: number; to: string }>>(page, '/api/TaskWork/DailyReportTaskOptions', { yearMonth: MONTH });
  expect(sent).toHaveLength(1);
  const reset = await page.request.post('/api/workflow/mailsend2', { data: { UserNumber: 'au.sales', FormType: 9, FormId: 0, CheckContent: 'Forget Password', Operates: 1 } });
  expect(((await reset.json()) as { code: number }).code).toBe(1);

  await page.goto('/MailRecordList');
  await expect(page.getByTestId('breadcrumb')).toContainText('Mail records');
  for (const title of ['Sent / added', 'Sender', 'Addressee', 'Subject', 'PO number', 'SAP/T9 number', 'Result']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('pager')).toContainText('50');

  // The report mail: recorded (no SMTP here), with Resend.
  const mail = rowWith(page, SUBJECT).first();
  await expect(mail).toBeVisible();
  await expect(mail).toContainText(sent[0].to);
  await expect(mail).toContainText('Administrator');
  await expect(mail.getByTestId('mail-status')).toContainText('Recorded');
  // The reset mail (sent in the background after the reply): no Resend.
  await expect(async () => {
    await page.getByTestId('search').click();
    await expect(rowWith(page, 'SalesDesk password reset').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rowWith(page, 'SalesDesk password reset').first().getByTestId('row-resend')).toHaveCount(0);

  // The PO number search: report mails have none, so a PO number finds nothing; cleared, everything again.
  await page.getByTestId('filter-poNumber').fill('PO-NONE-4131');
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(/poNumber=PO-NONE-4131/);
  await expect(page.getByText('No records match the filters')).toBeVisible();
  await page.getByTestId('filter-poNumber').fill('');
  await page.getByTestId('search').click();
  await expect(rowWith(page, SUBJECT).first()).toBeVisible();

  // Resend: the success message, and the row queued again (this server's sender records it at once: no SMTP).
  await rowWith(page, SUBJECT).first().getByTestId('row-resend').click();
  await expect(page.getByTestId('notification').filter({ hasText: `The mail to ${sent[0].to} is queued to be sent again.` })).toBeVisible();
  await expect(rowWith(page, SUBJECT).first().getByTestId('mail-status')).toContainText(/Queued|Recorded/);
  const token = await tokenOf(page);
  const list = await page.request.get('/api/MailRecord/getmailrecordpage', { params: { pageSize: 100 }, headers: { authorization: `Bearer ${token}` } });
  const item = ((await list.json()) as { data: { items: Array<{ id: number; status: string; resendable: boolean }> } }).data.items.find((m) => m.id === sent[0].mailRecordId);
  expect(item?.status).toMatch(/^(queued|recorded)$/);
  await shot(page, 'mail-records-en');

  // Traditional Chinese.
  await setLanguage(page, 'zh-tw');
  await page.reload();
  for (const title of ['寄送／新增時間', '寄件人', '收件人', 'PO 單號', 'SAP/T9 單號', '結果']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(rowWith(page, SUBJECT).first().getByTestId('row-resend')).toHaveText('重新寄送');
  await shot(page, 'mail-records-zh-TW');
});
