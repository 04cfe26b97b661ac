// Scheduled tasks in the browser (spec part 3 §2.6, §4.5, §5, §8.3, §9; DESIGN §11): the list opens from the side menu
// with the columns of §2.6 and 50 a page; a task added through the form with a bad cron expression is refused with the
// message (and the preview says why), then with a good one it is listed, its next five firing times previewed; the same
// name and group again is refused by the server (taskOptionsAddError2); Execute now runs it and its log shows the run
// (waited for by polling, never by sleeping), in the page and in the dialog; the edit form shows the auth value masked;
// Pause, Start and Delete (after the warning) act and the list follows; the screens in Traditional Chinese.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { shot } from './shots';
import { closeToasts, setLanguage } from './page-helpers';

const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const NAME = `E2E daily report ${Date.now().toString(36)}`;
const GROUP = 'E2E';
const URL_PATH = '/api/TaskWork/DailyReportTaskOptions';

const rows = (page: Page) => page.locator('table tbody tr');
const taskRow = (page: Page) => rows(page).filter({ hasText: NAME });

async function fillForm(page: Page, interval: string) {
  await page.getByTestId('field-taskName').fill(NAME);
  await page.getByTestId('field-groupName').fill(GROUP);
  await page.getByTestId('field-interval').fill(interval);
  await page.getByTestId('field-apiUrl').fill(URL_PATH);
  await page.getByTestId('field-authKey').fill('X-E2E-Key');
  await page.getByTestId('field-authValue').fill('e2e-secret');
  await page.getByTestId('field-describe').fill('Mails the daily report (browser test)');
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  if (page.url().startsWith('http')) await setLanguage(page, 'en');
});

test('a task is added through the form (a bad cron refused first), run now, and its run is in its log', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Scheduled tasks', exact: true }).click();
  await expect(page).toHaveURL(/\/TaskOptions$/);
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  for (const title of ['Task name', 'Group', 'Last run time', 'Interval (cron)', 'Status', 'Description', 'API URL', 'Request type', 'Next run time']) {
    await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('pager')).toContainText('50');

  // The form: every required field has its own message.
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddTaskOptions$/);
  await page.getByTestId('save').click();
  for (const message of ['Please enter the task name', 'Please enter the group name', 'Please enter the interval (cron expression)', 'Please enter the API URL']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('field-authValue')).toHaveAttribute('type', 'password');

  // A bad cron: the preview says why, Save is refused with the catalogue's message.
  await fillForm(page, '0 0 25 * * *');
  await expect(page.getByTestId('cron-preview')).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('cron-preview')).toContainText('the hour field "25" cannot be read or is out of range');
  await page.getByTestId('save').click();
  await expect(page.getByText('Interval (cron) expression error!')).toBeVisible();
  await expect(page).toHaveURL(/\/AddTaskOptions$/);

  // A good one: the next five firing times at 06:00, with the time zone.
  await page.getByTestId('field-interval').fill('0 0 6 * * *');
  const preview = page.getByTestId('cron-preview');
  await expect(preview).toHaveAttribute('data-state', 'ok');
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await expect(preview.getByRole('listitem').first()).toContainText('06:00:00');
  await expect(preview).toContainText('Next five firing times (');
  await shot(page, 'task-form-en-1280');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/TaskOptions$/);
  await expect(taskRow(page)).toHaveCount(1);
  await expect(taskRow(page)).toContainText('Normal');
  await expect(taskRow(page)).toContainText(URL_PATH);
  await expect(taskRow(page)).toContainText('0 0 6 * * *');
  // The stored auth value is never on the page.
  await expect(page.locator('body')).not.toContainText('e2e-secret');

  // The same name and group again: the server's refusal.
  await closeToasts(page);
  await page.getByTestId('toolbar-add').click();
  await fillForm(page, '0 0 7 * * *');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Task already exists!' })).toBeVisible();
  await expect(page).toHaveURL(/\/AddTaskOptions$/);
  await expect(page.getByTestId('save')).toBeEnabled();
  // Leaving the changed form asks first.
  await page.getByTestId('return').click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).toHaveURL(/\/TaskOptions$/);

  // Execute now, then its log: the run row arrives (the run goes on in the server).
  await closeToasts(page);
  await taskRow(page).getByTestId('row-run').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'The task is running now' })).toBeVisible();
  await taskRow(page).getByTestId('row-log').click();
  await expect(page).toHaveURL(/\/ShowTaskLog\?id=\d+$/);
  await expect(page.getByTestId('task-log-title')).toContainText(NAME);
  const runRow = rows(page).filter({ hasText: 'Run now' });
  await expect(async () => {
    await page.getByTestId('task-log-reload').click();
    await expect(runRow).toHaveCount(1, { timeout: 1000 });
    await expect(runRow).toContainText('Success', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The add is logged too.
  await expect(rows(page).filter({ hasText: 'Add' })).toHaveCount(1);
  await shot(page, 'task-log-en-1280');

  // The list now has a last run time; it opens the same log in a dialog.
  await page.goto('/TaskOptions');
  await expect(taskRow(page).getByTestId('task-last-run')).toHaveText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  await closeToasts(page);
  await shot(page, 'task-list-en-1280');
  await taskRow(page).getByTestId('task-last-run').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Run log: ${NAME}`);
  await expect(dialog.locator('tbody tr').filter({ hasText: 'Run now' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the edit form masks the auth value; pause, start and delete act and the list follows', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await page.goto('/TaskOptions');
  await expect(taskRow(page)).toHaveCount(1);

  await taskRow(page).getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/EditTaskOptions\?id=\d+$/);
  await expect(page.getByTestId('field-taskName')).toHaveValue(NAME);
  await expect(page.getByTestId('field-authValue')).toHaveAttribute('type', 'password');
  await expect(page.getByTestId('field-authValue')).toHaveValue('********');
  await expect(page.getByTestId('cron-preview')).toHaveAttribute('data-state', 'ok');
  await page.getByTestId('field-describe').fill('Edited in the browser test');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/TaskOptions$/);
  await expect(taskRow(page)).toContainText('Edited in the browser test');

  await closeToasts(page);
  await taskRow(page).getByTestId('row-pause').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'The task is paused.' })).toBeVisible();
  await expect(taskRow(page)).toContainText('Paused');
  await expect(taskRow(page).getByTestId('row-pause')).toHaveCount(0);
  await taskRow(page).getByTestId('row-start').click();
  await expect(taskRow(page)).toContainText('Normal');

  // Delete asks first (warning, Confirm/Cancel): Cancel keeps it, Confirm removes it.
  await taskRow(page).getByTestId('row-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(NAME);
  await page.getByTestId('confirm-cancel').click();
  await expect(taskRow(page)).toHaveCount(1);
  await closeToasts(page);
  await taskRow(page).getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('notification').filter({ hasText: 'Deleted successfully' })).toBeVisible();
  await expect(taskRow(page)).toHaveCount(0);
});

test('the screens in Traditional Chinese', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin');
  await setLanguage(page, 'zh-tw');
  await page.goto('/TaskOptions');
  await expect(page.getByTestId('breadcrumb')).toContainText('排程任務');
  for (const title of ['任務名稱', '群組', '上次執行時間', '狀態', '請求方式']) await expect(page.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await shot(page, 'task-list-zh-tw-1280');

  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddTaskOptions$/);
  await page.getByTestId('save').click();
  await expect(page.getByText('請輸入任務名稱', { exact: true })).toBeVisible();
  await page.getByTestId('field-interval').fill('0 8 * * 1');
  await expect(page.getByTestId('cron-preview')).toContainText('接下來五次執行時間');
  await expect(page.getByTestId('cron-preview').getByRole('listitem').first()).toContainText('週一');
  await shot(page, 'task-form-zh-tw-1280');
  await page.setViewportSize(TABLET);
  await shot(page, 'task-form-zh-tw-768');
});
