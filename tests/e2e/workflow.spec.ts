// Approval workflow end to end (issue 9; spec part 3 §2.1–2.4, §4; DESIGN §10): an administrator designs by clicks in
// /WorkFlowFlows a flow with a condition branch (approver → branch "company is TW" with its own approver / else →
// head-office approver), a TW sales user releases a rule-1 target through it, the approvers act in their own browser
// contexts (one returns it to the applicant, the applicant re-submits, all approve), the target ends released, the
// timeline shows every step and the mails are recorded. The sales user's screens run in zh-TW (the account's
// language), the designer in English. Approvers are chosen in the user picker (whereType 2), so the test does not
// depend on the demo org's superiors; every other enabled template is disabled first so this one is chosen.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { apiGet, chooseOption, fillTargetRule1, saveAndReturn, targetRecords } from './sales-helpers';
import { shot } from './shots';

const RUN = Date.now().toString(36);
const TEMPLATE = `E2E release ${RUN}`;
const YEAR = 2043;
const MONTH = 7;

/** Approvers of the designed flow (user numbers as the picker lists them, and their names). */
const FIRST = { number: 'oih.admin', name: 'Oscar Lin', email: 'oscar.lin@example.com' };
const BRANCH = { number: 'admin' };
const HEAD_OFFICE = { number: 'oih.analyst', name: 'Olivia Chen', email: 'olivia.chen@example.com' };

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

  // C-1 → approver (a chosen person).
  await addAfter(page, 'C-1', 'approver');
  await expect(page.locator('[data-testid="flow-node"][data-code="C-1-1"]')).toHaveAttribute('data-type', '1');
  await setApprover(page, 'C-1-1', FIRST.number);

  // → condition branch: branch 1 "company is TW" with its own approver, branch 2 else.
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
  await setApprover(page, 'C-1-1-1-1-1', BRANCH.number);

  // → after the merge node (C-1-1-1-3): the head-office approver.
  await addAfter(page, 'C-1-1-1-3', 'approver');
  await setApprover(page, 'C-1-1-1-3-1', HEAD_OFFICE.number);

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
  for (const code of ['C-1', 'C-1-1', 'C-1-1-1', 'C-1-1-1-1', 'C-1-1-1-2', 'C-1-1-1-1-1', 'C-1-1-1-3-1'])
    await expect(page.locator(`[data-testid="flow-node"][data-code="${code}"]`)).toBeVisible();
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
  await expect(panel).toContainText('審批');
  await expect(panel.getByTestId('approval-step')).toHaveCount(4);
  // The applicant may not approve their own submission; the first step is in progress (sign 1), the rest waiting.
  await expect(panel.getByTestId('approval-op-2')).toHaveCount(0);
  await expect(panel.locator('[data-testid="approval-step"][data-sign="1"]')).toHaveCount(1);
  await expect(page.getByTestId('data-status')).toBeVisible();

  // First approver approves in a second browser context.
  const first = await openAs(browser, FIRST.number, targetId);
  await operate(first.page, '2', 'OK from the first approver');

  // Branch approver (TW branch) approves.
  const branch = await openAs(browser, BRANCH.number, targetId);
  await operate(branch.page, '2', 'TW branch OK');

  // Head office returns it to the applicant.
  const ho = await openAs(browser, HEAD_OFFICE.number, targetId);
  await expect(ho.page.getByTestId('approval-op-3_1')).toBeVisible();
  await operate(ho.page, '3_1', 'Please check the quantity', true);
  expect((await targetRecords(page, YEAR, MONTH, 1, 'TW'))[0]!.dataStatus).toBe(0);

  // The applicant re-submits through Release.
  await release();

  // Everyone approves again.
  for (const who of [first, branch, ho]) {
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
  // submit, 2 approvals, return, re-submit, 3 approvals
  expect(await steps.count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('approval-panel')).toContainText('Please check the quantity');
  await expect(page.getByTestId('approval-panel').locator('[data-testid^="approval-op-"]')).toHaveCount(0);
  await shot(page, 'workflow-panel-zh-tw');

  // The mails are recorded (read with the administrator's session).
  const admin = branch.page; // the administrator's context
  const all = await apiGet<{ items: Array<{ addresSeeEmail: string; formType: number | null; formId: number | null; subject: string }> }>(
    admin,
    '/api/MailRecord/getmailrecordpage',
    { pageIndex: 1, pageSize: 200 },
  );
  const ours = all.items.filter((m) => m.formType === 1 && m.formId === targetId);
  expect(ours.length).toBeGreaterThanOrEqual(5);
  const to = new Set(ours.map((m) => m.addresSeeEmail.toLowerCase()));
  expect(to.has(FIRST.email)).toBe(true);
  expect(to.has(HEAD_OFFICE.email)).toBe(true);
  expect(to.has('tina.huang@example.com')).toBe(true);

  for (const c of [first, branch, ho]) await c.context.close();
});
