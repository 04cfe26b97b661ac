// Approval workflow end to end (issue 9; spec part 3 §2.1–2.5, §4; DESIGN §10): an administrator designs by clicks in
// /WorkFlowFlows a two-level flow with a condition branch (the applicant's superior → branch "company is TW" with the
// head-office approver / else another approver), a TW sales user releases a rule-1 target through it, the superior
// (the demo's tw.manager, zh-TW) approves in a second browser context, the head-office approver (English) returns it
// to the applicant, the applicant re-submits, both approve, the target ends released, the timeline shows every step
// and the mails are recorded; the applicant also mails a colleague about the form (the mail-send variant). The sales
// user's and the superior's screens run in zh-TW (their accounts' language), the designer in English and, for its
// screenshot, in zh-TW. Every other enabled template is disabled first so this one is chosen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { apiGet, chooseOption, fillTargetRule1, saveAndReturn, targetRecords } from './sales-helpers';
import { setLanguage } from './page-helpers';
import { shot } from './shots';

const RUN = Date.now().toString(36);
const TEMPLATE = `E2E release ${RUN}`;
const YEAR = 2043;
const MONTH = 7;

/** People of the designed flow: tw.sales's superior (demo org), the TW branch's and the else branch's approvers. */
const SUPERIOR = { number: 'tw.manager', name: 'Kevin Chang', email: 'kevin.chang@example.com' };
const HEAD_OFFICE = { number: 'oih.analyst', name: 'Olivia Chen', email: 'olivia.chen@example.com' };
const ELSE = { number: 'admin' };
/** The colleague the applicant points to the form by mail (the picker lists the applicant's own country). */
const COLLEAGUE = SUPERIOR;

/** Picks one user in the open user picker by keyword. */
async function pickUser(page: Page, keyword: string) {
  const picker = page.getByTestId('picker').last();
  await expect(picker.getByTestId('filter-keyword')).toBeVisible();
  await picker.getByTestId('filter-keyword').fill(keyword);
  await picker.getByTestId('search').click();
  const row = picker.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: keyword, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await picker.getByTestId('picker-confirm').click();
  await expect(picker).toBeHidden();
}

/** Opens an approver node's drawer and makes it "Chosen people" with one user picked in the picker. */
async function setApprover(page: Page, code: string, keyword: string) {
  await page.locator(`[data-testid="flow-open"][data-code="${code}"]`).click();
  const drawer = page.getByTestId('flow-drawer');
  await expect(drawer.getByTestId('flow-drawer-body')).toHaveAttribute('data-code', code);
  await chooseOption(page, 'flow-rule-type', 'Chosen people');
  await drawer.getByTestId('flow-rule-users').getByTestId('tag-add').click();
  await pickUser(page, keyword);
  await expect(drawer.getByTestId('flow-rule-users')).toContainText(keyword);
  await drawer.getByTestId('flow-drawer-done').click();
  await expect(drawer).toBeHidden();
}

async function addAfter(page: Page, code: string, kind: 'approver' | 'branch' | 'cc') {
  await page.locator(`[data-testid="flow-add"][data-code="${code}"]`).click();
  await page.getByTestId(`flow-add-${kind}`).click();
}

/** A fresh browser context signed in as a user, on the target's form (edit route, read-only query mode). */
async function openAs(browser: Browser, number: string, targetId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, number);
  await page.goto(`/SalesTargetEdit?id=${targetId}&year=${YEAR}&month=${MONTH}&country=TW&rule=1&readonly=true&operate=query`);
  await expect(page.getByTestId('approval-panel')).toBeVisible();
  return { context, page };
}

/** Presses an operation in the panel (confirming when asked) and waits for the panel to reload without it. */
async function operate(page: Page, code: string, content: string, confirm = false) {
  const panel = page.getByTestId('approval-panel');
  await panel.getByTestId('approval-content').fill(content);
  await panel.getByTestId(`approval-op-${code}`).click();
  if (confirm) await page.getByTestId('confirm-ok').click();
  await expect(panel.getByTestId(`approval-op-${code}`)).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

let targetId = 0;

test('the administrator designs a flow with a condition branch by clicks and saves it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await page.goto('/WorkFlowTemplateList');
  await expect(page.getByTestId('toolbar-add')).toBeVisible();

  // Every other enabled template off (the seed's demo template may be enabled), through the switch and its confirm.
  const enabled = page.locator('[data-testid="disable-switch"][data-checked="false"]');
  await page.waitForTimeout(500);
  const ids = await page
    .locator('tbody tr')
    .filter({ has: enabled })
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').trim()));
  for (const id of ids) {
    const sw = page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: id, exact: true }) }).getByTestId('disable-switch');
    // The switch's input is visually hidden; its track (the parent) is what a user clicks.
    await sw.locator('..').click();
    await page.getByTestId('confirm-ok').click();
    await expect(sw).toHaveAttribute('data-checked', 'true');
  }
  await expect(enabled).toHaveCount(0);

  // Add the template.
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/WorkFlowTemplateAdd/i);
  await chooseOption(page, 'field-formType', 'Sales target release');
  await page.getByTestId('field-templateName').fill(TEMPLATE);
  await page.getByTestId('field-sort').fill('0');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/WorkFlowTemplateList/i);

  const row = page.locator('tbody tr').filter({ hasText: TEMPLATE });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-flows').click();
  await expect(page).toHaveURL(/\/WorkFlowFlows\?id=\d+/i);
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1"]')).toBeVisible();
  await expect(page.getByTestId('flow-end')).toBeVisible();

  // An empty flow (only the applicant) is refused on Submit.
  await page.getByTestId('flow-submit').click();
  await expect(page.getByTestId('flow-errors')).toBeVisible();

  // C-1 → approver: the applicant's superiors, up to the managers' grade 8 (one level for tw.sales).
  await addAfter(page, 'C-1', 'approver');
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1-1"]')).toHaveAttribute('data-type', '1');
  await page.locator('[data-testid="flow-open"][data-code="C-1-1"]').click();
  const superiorDrawer = page.getByTestId('flow-drawer');
  await expect(superiorDrawer.getByTestId('flow-drawer-body')).toHaveAttribute('data-code', 'C-1-1');
  await chooseOption(page, 'flow-rule-type', 'Superiors');
  await chooseOption(page, 'flow-rule-max-grade', '8');
  await superiorDrawer.getByTestId('flow-drawer-done').click();
  await expect(superiorDrawer).toBeHidden();

  // → condition branch: branch 1 "company is TW" with the head-office approver, branch 2 (else) another approver.
  await addAfter(page, 'C-1-1', 'branch');
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1-1-1"]')).toHaveAttribute('data-type', '2');
  await page.locator('[data-testid="flow-open"][data-code="C-1-1-1-1"]').click();
  const drawer = page.getByTestId('flow-drawer');
  await expect(drawer.getByTestId('flow-drawer-body')).toHaveAttribute('data-code', 'C-1-1-1-1');
  await drawer.getByTestId('flow-drawer-add-rule').click();
  const rule = drawer.locator('[data-testid="flow-rule"][data-index="0"]');
  await rule.getByTestId('flow-rule-type').click();
  await page.getByRole('option', { name: 'Company is', exact: true }).click();
  await rule.getByTestId('flow-rule-companys').click();
  await page.getByRole('option', { name: /TW/ }).first().click();
  await page.keyboard.press('Escape');
  await drawer.getByTestId('flow-drawer-done').click();
  await expect(drawer).toBeHidden();

  await addAfter(page, 'C-1-1-1-1', 'approver');
  await setApprover(page, 'C-1-1-1-1-1', HEAD_OFFICE.number);
  await addAfter(page, 'C-1-1-1-2', 'approver');
  await setApprover(page, 'C-1-1-1-2-1', ELSE.number);

  await expect(page.getByTestId('flow-errors')).toHaveCount(0);
  // Full-page shot from the top, so the fixed header is drawn where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'workflow-designer');
  await page.getByTestId('flow-submit').click();
  await expect(page).toHaveURL(/\/WorkFlowTemplateList/i);
  const saved = page.locator('tbody tr').filter({ hasText: TEMPLATE });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByTestId('disable-switch')).toHaveAttribute('data-checked', 'false');

  // Reopened, the designer shows the saved tree.
  await saved.getByTestId('row-flows').click();
  for (const code of ['C-1', 'C-1-1', 'C-1-1-1', 'C-1-1-1-1', 'C-1-1-1-2', 'C-1-1-1-1-1', 'C-1-1-1-2-1'])
    await expect(page.locator(`[data-testid="flow-node"][data-code="${code}"]`)).toBeVisible();

  // The same designer in Traditional Chinese.
  const url = page.url();
  await setLanguage(page, 'zh-tw');
  await page.goto(url);
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1-1-1-2-1"]')).toBeVisible();
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1"]')).toContainText('申請人');
  await expect(page.getByTestId('flow-submit')).toContainText('提交');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'workflow-designer-zh-tw');
  await setLanguage(page, 'en');
});

test('a TW sales user releases a target through the flow; return to applicant, re-submit, every approval; released with mails', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signInAs(page, 'tw.sales');
  await fillTargetRule1(page, YEAR, MONTH, /^OG-7598 Master Drive$/, '30');
  await saveAndReturn(page, '/SalesTargetList');
  const [target] = await targetRecords(page, YEAR, MONTH, 1, 'TW');
  expect(target, 'the new target on the server').toBeTruthy();
  targetId = target!.id;
  expect(target!.dataStatus).toBe(0);

  const release = async () => {
    await page.goto('/SalesTargetList');
    const row = page.locator('tbody tr').filter({ hasText: String(YEAR) }).filter({ has: page.locator('[data-status="0"]') });
    await expect(row).toHaveCount(1);
    await row.getByTestId('row-release').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.locator('tbody tr').filter({ hasText: String(YEAR) }).locator('[data-status="2"]')).toHaveCount(1);
  };
  await release();

  // The applicant's panel (zh-TW): in approval, read-only, the timeline lists the steps.
  await page.goto(`/SalesTargetEdit?id=${targetId}&year=${YEAR}&month=${MONTH}&country=TW&rule=1&readonly=true&operate=query`);
  const panel = page.getByTestId('approval-panel');
  await expect(panel).toContainText('簽核');
  // Submit, the superior (in progress), the head-office approver (the TW branch), the end.
  await expect(panel.getByTestId('approval-step')).toHaveCount(3);
  await expect(panel.getByTestId('approval-step').nth(1)).toContainText(SUPERIOR.name);
  await expect(panel.getByTestId('approval-step').nth(2)).toContainText(HEAD_OFFICE.name);
  // The applicant may not approve their own submission; the first step is in progress (sign 1), the rest waiting.
  await expect(panel.getByTestId('approval-op-2')).toHaveCount(0);
  await expect(panel.locator('[data-testid="approval-step"][data-sign="1"]')).toHaveCount(1);
  await expect(page.getByTestId('data-status')).toBeVisible();

  // The applicant points a colleague to the form by mail (the mail-send variant; recipients required).
  const mailSend = page.getByTestId('approval-mail-send');
  await mailSend.getByTestId('approval-mail-send-button').click();
  await expect(page.getByText('請選擇人員').first()).toBeVisible();
  await mailSend.getByTestId('approval-recipients').getByTestId('tag-add').click();
  await pickUser(page, COLLEAGUE.number);
  await mailSend.getByTestId('approval-mail-send-button').click();
  await expect(page.getByText('郵件已排入寄送佇列').first()).toBeVisible();

  // The superior approves in a second browser context (their account's language: zh-TW).
  const superior = await openAs(browser, SUPERIOR.number, targetId);
  await expect(superior.page.getByTestId('approval-panel')).toContainText('簽核');
  await operate(superior.page, '2', '主管同意');

  // Head office (English) returns it to the applicant.
  const ho = await openAs(browser, HEAD_OFFICE.number, targetId);
  await expect(ho.page.getByTestId('approval-op-3_1')).toBeVisible();
  await operate(ho.page, '3_1', 'Please check the quantity', true);
  expect((await targetRecords(page, YEAR, MONTH, 1, 'TW'))[0]!.dataStatus).toBe(0);

  // The applicant re-submits through Release.
  await release();

  // Both approve again.
  for (const who of [superior, ho]) {
    await who.page.reload();
    await operate(who.page, '2', 'Approved');
  }
  await shot(ho.page, 'workflow-panel');

  // Released: in the list and in the form; the timeline shows every step.
  expect((await targetRecords(page, YEAR, MONTH, 1, 'TW'))[0]!.dataStatus).toBe(1);
  await page.goto('/SalesTargetList');
  await expect(page.locator('tbody tr').filter({ hasText: String(YEAR) }).locator('[data-status="1"]')).toHaveCount(1);
  await page.goto(`/SalesTargetEdit?id=${targetId}&year=${YEAR}&month=${MONTH}&country=TW&rule=1&readonly=true&operate=query`);
  const steps = page.getByTestId('approval-panel').getByTestId('approval-step');
  await expect(steps.first()).toBeVisible();
  // submit, approval, return, re-submit, 2 approvals
  await expect(steps).toHaveCount(6);
  await expect(page.getByTestId('approval-panel')).toContainText('Please check the quantity');
  await expect(page.getByTestId('approval-panel').locator('[data-testid^="approval-op-"]')).toHaveCount(0);
  await shot(page, 'workflow-panel-zh-tw');

  // The mails are recorded (read with the administrator's session).
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInAs(admin, 'admin');
  const all = await apiGet<{ items: Array<{ addresSeeEmail: string; formType: number | null; formId: number | null; subject: string }> }>(
    admin,
    '/api/MailRecord/getmailrecordpage',
    { pageIndex: 1, pageSize: 200 },
  );
  const ours = all.items.filter((m) => m.formType === 1 && m.formId === targetId);
  expect(ours.length).toBeGreaterThanOrEqual(5);
  const to = new Set(ours.map((m) => m.addresSeeEmail.toLowerCase()));
  expect(to.has(SUPERIOR.email)).toBe(true);
  expect(to.has(HEAD_OFFICE.email)).toBe(true);
  expect(to.has('tina.huang@example.com')).toBe(true);
  // In each recipient's language: the superior's (zh-TW) asks for approval in Chinese, the head office's in English.
  const subjects = (email: string) => ours.filter((m) => m.addresSeeEmail.toLowerCase() === email).map((m) => m.subject);
  expect(subjects(SUPERIOR.email).some((x) => x.includes('待您簽核'))).toBe(true);
  expect(subjects(HEAD_OFFICE.email).some((x) => x.includes('approval requested'))).toBe(true);
  expect(subjects(COLLEAGUE.email).some((x) => x.includes('請您查看表單'))).toBe(true);

  // The mail records list finds them by the form reference (PO number); Resend queues one again and goes to the form.
  await admin.goto('/MailRecordList');
  await admin.getByTestId('filter-poNumber').fill(`TW ${YEAR}-0${MONTH} rule 1`);
  await admin.getByTestId('search').click();
  const mailRows = admin.locator('tbody tr');
  await expect(mailRows.first().getByTestId('mail-form-link')).toHaveText(`TW ${YEAR}-0${MONTH} rule 1`);
  expect(await mailRows.count()).toBe(ours.length);
  await mailRows.first().getByTestId('row-resend').click();
  await expect(admin).toHaveURL(new RegExp(`/SalesTargetEdit\\?id=${targetId}$`));
  await expect(admin.getByTestId('approval-panel')).toBeVisible();

  for (const c of [superior, ho]) await c.context.close();
  await adminCtx.close();
});
