// Companies, departments and users in the browser (spec part 2 §2 Companies, Departments, Users, §4, §5, §8; part 3
// §2.9; DESIGN §5): the user form's company/department chain and empty rank and grade, a disabled user's row, the
// edit-password screen's 6–8 checks in order (Traditional Chinese), the company and department disable refusals, the
// department list's filters, and a Taiwan user who sees only Taiwan and is refused a Hong Kong user by URL.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { INITIAL_PASSWORD, signInAs } from './auth';
import { shot } from './shots';

const stamp = Date.now().toString(36);
const ON = `tw.on.${stamp}`;
const OFF = `tw.off.${stamp}`;
const TW_ADMIN = `tw.org.${stamp}`;
const OIH_ADMIN = `oih.org.${stamp}`;

interface Reply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API with the signed-in session's token (setup only; the screens are what is tested). */
async function api<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<Reply<T>> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('salesdesk.session') ?? '{}') as { token?: string }).token ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const r =
    method === 'GET'
      ? await page.request.get(path, { params: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])), headers })
      : await page.request.post(path, { data: input, headers });
  return (await r.json()) as Reply<T>;
}

async function departmentId(page: Page, number: string) {
  const r = await api<Array<{ id: number; departmentNumber: string }>>(page, 'GET', '/api/department/getdepartmentlist', { keyword: number });
  return r.data.find((d) => d.departmentNumber === number)!.id;
}

async function userId(page: Page, number: string) {
  const r = await api<{ items: Array<{ id: number; number: string }> }>(page, 'GET', '/api/user/getuserpage', { keyword: number, isDisabled: '', pageSize: 10 });
  return r.data.items.find((u) => u.number === number)!.id;
}

/** A new account with the initial password (its first sign-in changes it). */
async function addUser(page: Page, account: string, name: string, company = 'TW') {
  const r = await api(page, 'POST', '/api/user/addoredituser', {
    Id: 0,
    CompanyNumber: company,
    DepartmentId: await departmentId(page, `${company}-SALES`),
    Password: INITIAL_PASSWORD,
    Name: name,
    Account: account,
    Language: 'en',
    Sex: 1,
  });
  expect(r.code).toBe(1);
}

/** Chooses an option of a Mantine select by typing into it. */
async function choose(page: Page, input: Locator, text: string, option: string | RegExp = text) {
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

const rowWith = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });

async function useLanguage(page: Page, lang: 'en' | 'zh-tw') {
  await page.evaluate((l) => localStorage.setItem('salesdesk.language', l), lang);
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  // Leave the browser language as the other specs expect it.
  if (page.url().startsWith('http')) await useLanguage(page, 'en');
});

test('the user form: the department follows the company; empty rank and grade are saved as empty', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/UserAdd?id=0');
  await choose(page, page.getByTestId('field-companyId'), 'Taiwan', 'Taiwan (TW)');
  await page.getByTestId('field-departmentId').click();
  await page.getByRole('option', { name: 'Marketing', exact: true }).click();
  await expect(page.getByTestId('field-departmentId')).toHaveValue('Marketing');
  // Another company clears the department and offers that company's departments only.
  await choose(page, page.getByTestId('field-companyId'), 'Singapore', 'Singapore (SG)');
  await expect(page.getByTestId('field-departmentId')).toHaveValue('');
  await page.getByTestId('field-departmentId').click();
  await expect(page.getByRole('option', { name: 'Retail' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Sales', exact: true }).click();

  await page.getByTestId('field-name').fill(`Una On ${stamp}`);
  await page.getByTestId('field-account').fill(ON);
  await page.getByTestId('field-password').fill(INITIAL_PASSWORD);
  await page.getByTestId('field-rank').click();
  await expect(page.getByRole('option')).toHaveCount(21);
  await page.keyboard.press('Escape');
  await page.getByTestId('field-grade').click();
  await expect(page.getByRole('option')).toHaveCount(14);
  await page.keyboard.press('Escape');
  // The leader comes from the user select dialog, and can be cleared again.
  await page.getByTestId('pick-leaderNumber').click();
  const picker = page.getByRole('dialog', { name: 'Choose the leader' });
  await picker.getByTestId('filter-keyword').fill('sg.sales');
  await picker.getByTestId('search').click();
  await picker.locator('table tbody tr').filter({ hasText: 'Samuel Tan' }).getByRole('checkbox').check();
  await picker.getByTestId('picker-confirm').click();
  await expect(page.getByTestId('field-leader')).toHaveValue('Samuel Tan (sg.sales)');
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/UserList/);
  await page.getByTestId('filter-keyword').fill(ON);
  await page.getByTestId('search').click();
  await rowWith(page, ON).getByTestId('row-details').click();
  await expect(page.getByTestId('detail-companyName')).toHaveText('Singapore');
  await expect(page.getByTestId('detail-departmentName')).toHaveText('Sales');
  await expect(page.getByTestId('detail-rank')).toHaveText('—');
  await expect(page.getByTestId('detail-leader')).toHaveText('Samuel Tan (sg.sales)');
  const saved = await api<{ rank: number | null; grade: number | null }>(page, 'GET', '/api/user/getuserbyid', { id: await userId(page, ON) });
  expect([saved.data.rank, saved.data.grade]).toEqual([null, null]);
});

test('a disabled user keeps Details only; Edit and Edit password are hidden', async ({ page }) => {
  await signInAs(page, 'admin');
  await addUser(page, OFF, `Otto Off ${stamp}`);
  // With no company chosen, same-named departments of several countries are told apart by their company.
  await page.goto('/UserList');
  await page.getByTestId('filter-departmentNumber').click();
  await expect(page.getByRole('option', { name: 'TW / Sales', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'SG / Sales', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/UserList?keyword=${OFF}`);
  const row = rowWith(page, OFF);
  await expect(row.getByTestId('row-edit')).toBeVisible();
  await expect(row.getByTestId('row-password')).toBeVisible();
  await row.getByTestId('disable-switch').locator('..').click();
  await expect(page.getByText('Saved successfully').first()).toBeVisible();
  await expect(row.getByTestId('disable-switch')).toBeChecked();

  // Listed again with the Yes filter: only Details is offered.
  await page.goto(`/UserList?keyword=${OFF}&isDisabled=true`);
  await expect(rowWith(page, OFF)).toHaveCount(1);
  await expect(rowWith(page, OFF).getByTestId('row-details')).toBeVisible();
  for (const hidden of ['row-edit', 'row-password', 'row-setPassword']) await expect(rowWith(page, OFF).getByTestId(hidden)).toHaveCount(0);
  // The default filter (not disabled) no longer lists them.
  await page.goto(`/UserList?keyword=${OFF}`);
  await expect(page.getByText('No records match the filters')).toBeVisible();
  await shot(page, 'people-user-disabled');
});

test('the edit-password screen checks in order, each with its own message, in Traditional Chinese', async ({ page }) => {
  await signInAs(page, 'admin');
  await useLanguage(page, 'zh-tw');
  await page.goto(`/UserEditPassword?id=${await userId(page, ON)}`);
  await expect(page.getByTestId('field-account')).toHaveValue(ON);
  await expect(page.getByTestId('field-account')).toBeDisabled();
  await expect(page.getByTestId('password-hint')).toContainText('6');
  const save = page.getByRole('button', { name: '儲存', exact: true });
  const pw = page.locator('input[name="newPassword"]');
  const confirm = page.locator('input[name="confirmPassword"]');
  const cases: Array<[string, string, string]> = [
    ['', '', '請輸入新密碼'],
    ['Ab12', '', '請確認新密碼'],
    ['Ab12', 'Ab13', '兩次輸入的密碼不一致'],
    ['Ab12', 'Ab12', '密碼長度不能少於 6 個字元'],
    ['Ab1234567', 'Ab1234567', '密碼長度不能超過 8 個字元'],
    ['Abcdefg', 'Abcdefg', '密碼必須同時包含數字與字母'],
    ['abc1234', 'abc1234', '密碼必須至少包含一個大寫字母'],
  ];
  for (const [p, c, message] of cases) {
    await pw.fill(p);
    await confirm.fill(c);
    await save.click();
    await expect(page.getByText(message)).toBeVisible();
  }
  await shot(page, 'people-edit-password-zh-tw');
  await pw.fill('Abc1234');
  await confirm.fill('Abc1234');
  await save.click();
  await expect(page).toHaveURL(/\/UserList/);
});

test('a company with departments and a department with sub-departments cannot be disabled; the switches stay', async ({ page }) => {
  await signInAs(page, 'admin');
  await useLanguage(page, 'zh-tw');
  await page.goto('/CompanyList?keyword=TW');
  const company = rowWith(page, 'Taiwan');
  await expect(company).toHaveCount(1);
  await company.getByTestId('disable-switch').locator('..').click();
  await expect(page.getByText('儲存失敗，該公司下仍有部門！')).toBeVisible();
  await expect(company.getByTestId('disable-switch')).not.toBeChecked();

  // TW-SALES has the Retail sub-department.
  await page.goto('/DepartmentList?keyword=TW-SALES');
  const department = rowWith(page, 'TW-SALES');
  await department.getByTestId('disable-switch').locator('..').click();
  await expect(page.getByText('操作失敗，該部門下仍有子部門！')).toBeVisible();
  await expect(department.getByTestId('disable-switch')).not.toBeChecked();
  await shot(page, 'people-department-refusal-zh-tw');
});

test('the department list filters by company and keyword; Search goes back to page 1', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/DepartmentList?pageIndex=2&pageSize=10');
  await choose(page, page.getByTestId('filter-companyNumber'), 'Taiwan', 'Taiwan (TW)');
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(/companyNumber=TW/);
  await expect(page).not.toHaveURL(/pageIndex=/);
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toContainText('Taiwan');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Taiwan');
  await page.getByTestId('filter-keyword').fill('Retail');
  await page.getByTestId('search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sales/Retail');
  // The edit form offers neither the department itself nor its sub-departments as its parent.
  await page.goto('/DepartmentList?keyword=TW-SALES');
  await rowWith(page, 'TW-SALES').getByTestId('row-edit').click();
  await expect(page.getByTestId('field-departmentName')).toHaveValue('Sales');
  await page.getByTestId('field-parentId').click();
  await expect(page.getByRole('option', { name: 'Marketing', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: /^Sales/ })).toHaveCount(0);
});

test('a Taiwan user with the organisation screens sees only Taiwan and is refused a Hong Kong user by URL', async ({ page }) => {
  await signInAs(page, 'admin');
  await addUser(page, TW_ADMIN, `Tess Org ${stamp}`);
  await addUser(page, OIH_ADMIN, `Owen Org ${stamp}`, 'OIH');
  interface Node {
    id: number;
    submenuList: Node[];
  }
  const ids = (n: Node): number[] => [n.id, ...n.submenuList.flatMap(ids)];
  const tree = await api<Node[]>(page, 'GET', '/api/menu/getmenutree', {});
  const org = tree.data.find((n) => n.id === 331)!;
  const members = `${await userId(page, TW_ADMIN)},${await userId(page, OIH_ADMIN)}`;
  const role = await api(page, 'POST', '/api/role/addoreditrole', { Id: 0, RoleName: `Org people ${stamp}`, Users: members, MenuIds: ids(org).join(',') });
  expect(role.code).toBe(1);
  const hkUser = await userId(page, 'hk.sales');

  await page.evaluate(() => localStorage.removeItem('salesdesk.session'));
  await signInAs(page, TW_ADMIN);
  await page.goto('/UserList');
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toContainText('Taiwan');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Taiwan');
  await page.getByTestId('filter-companyNumber').click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: 'Taiwan (TW)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/CompanyList');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('TW');
  for (const path of [`/UserDetails?id=${hkUser}`, `/UserEditPassword?id=${hkUser}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/401$/);
  }
});

test('a head-office user sees the super user but is offered no change to them', async ({ page }) => {
  await signInAs(page, OIH_ADMIN);
  await page.goto('/UserList?keyword=admin');
  const row = page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) }).first();
  await expect(row.getByTestId('row-details')).toBeVisible();
  for (const hidden of ['row-edit', 'row-password', 'row-setPassword']) await expect(row.getByTestId(hidden)).toHaveCount(0);
  // Their own row still offers them everything.
  await page.goto(`/UserList?keyword=${OIH_ADMIN}`);
  await expect(rowWith(page, OIH_ADMIN).getByTestId('row-edit')).toBeVisible();
});
