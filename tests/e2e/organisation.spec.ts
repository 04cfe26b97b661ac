// The organisation screens in the browser (spec part 2 §2 Companies, Departments, Users, Roles, Menus; part 3 §2.9):
// an administrator adds a department with a leader chosen in the user select dialog, adds a user, and grants that user
// a screen through a new role; the new user (forced to change the initial password first) then sees the screen in the
// side menu. Every list and form is also opened in English and Traditional Chinese (screenshots with E2E_SHOTS).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_PASSWORD, INITIAL_PASSWORD, changeInitialPassword, rememberPassword, signIn, signInAs, submitLogin } from './auth';
import { shot } from './shots';

const stamp = Date.now().toString(36);
const DEPARTMENT = `QA Desk ${stamp}`;
const ACCOUNT = `qa.${stamp}`;
const USER_NAME = `Quinn Archer ${stamp}`;
const ROLE = `QA currency role ${stamp}`;

/** Chooses an option of a Mantine select (or multi-select) by typing into it. */
async function choose(page: Page, input: Locator, text: string, option: string | RegExp = text) {
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

/** The list's table row that contains a text. */
const rowWith = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });

async function search(page: Page, keyword: string) {
  await page.getByTestId('filter-keyword').fill(keyword);
  await page.getByTestId('search').click();
}

test.describe.configure({ mode: 'serial' });

test('an administrator adds a department whose leader is chosen in the user select dialog', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/DepartmentList');
  await expect(page.getByRole('columnheader', { name: 'Department path' })).toBeVisible();
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/DepartmentAdd\?id=0$/);

  // Name is required, checked when leaving the field.
  await page.getByTestId('field-departmentName').focus();
  await page.getByTestId('field-departmentName').blur();
  await expect(page.getByText('Required').first()).toBeVisible();

  await choose(page, page.getByTestId('field-companyId'), 'Singapore', 'Singapore (SG)');
  await page.getByTestId('field-departmentName').fill(DEPARTMENT);

  // The leader box opens the user select dialog; one user is chosen.
  await page.getByTestId('pick-leaderNumber').click();
  const picker = page.getByRole('dialog', { name: 'Choose the department leader' });
  await expect(picker).toBeVisible();
  await picker.getByTestId('filter-keyword').fill('sg.sales');
  await picker.getByTestId('search').click();
  const candidate = picker.locator('table tbody tr').filter({ hasText: 'Samuel Tan' });
  await expect(candidate).toHaveCount(1);
  await candidate.getByRole('checkbox').check();
  await shot(page, 'org-user-picker');
  await picker.getByTestId('picker-confirm').click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('field-leader')).toHaveValue('Samuel Tan (sg.sales)');
  await shot(page, 'org-department-form');

  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/DepartmentList/);
  await search(page, DEPARTMENT);
  const row = rowWith(page, DEPARTMENT);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Singapore');
  await expect(row).toContainText('Samuel Tan');
  await expect(row).toContainText(/SG-D\d+/);
  await shot(page, 'org-department-list');

  // The leader can be cleared again on the edit form.
  await row.getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/DepartmentEdit\?id=\d+$/);
  await expect(page.getByTestId('field-leader')).toHaveValue('Samuel Tan (sg.sales)');
  await page.getByTestId('clear-leaderNumber').click();
  await expect(page.getByTestId('field-leader')).toHaveValue('');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/DepartmentList/);
  await search(page, DEPARTMENT);
  await expect(rowWith(page, DEPARTMENT)).not.toContainText('Samuel Tan');
});

test('an administrator adds a user through /UserAdd and finds them in /UserList', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/UserList');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/UserAdd\?id=0$/);

  // The form's own checks: required fields, the 6–20 password, the e-mail format.
  await page.getByTestId('field-password').fill('abc');
  await page.getByTestId('field-email').fill('not-an-address');
  await page.getByTestId('save').click();
  await expect(page.getByText('The password must be 6 to 20 characters')).toBeVisible();
  await expect(page.getByText('Not a valid e-mail address')).toBeVisible();
  await expect(page).toHaveURL(/\/UserAdd\?id=0$/);

  // The department list follows the company.
  await expect(page.getByTestId('field-departmentId')).toBeDisabled();
  await choose(page, page.getByTestId('field-companyId'), 'Singapore', 'Singapore (SG)');
  await page.getByTestId('field-departmentId').click();
  await expect(page.getByRole('option', { name: DEPARTMENT })).toBeVisible();
  await page.getByRole('option', { name: 'Sales', exact: true }).click();

  await page.getByTestId('field-name').fill(USER_NAME);
  await page.getByLabel('Woman').check();
  await page.getByTestId('field-account').fill(ACCOUNT);
  // The initial password: the new account must change it at its first sign-in.
  await page.getByTestId('field-password').fill(INITIAL_PASSWORD);
  await choose(page, page.getByTestId('field-rank'), 'Manager', 'Manager');
  await page.getByTestId('field-email').fill(`${ACCOUNT}@example.com`);
  await page.getByTestId('field-address').fill('Added by the browser test');
  await shot(page, 'org-user-form');
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/UserList/);
  await search(page, ACCOUNT);
  const row = rowWith(page, ACCOUNT);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Singapore');
  await expect(row).toContainText('Sales');
  await expect(row).toContainText(`${ACCOUNT}@example.com`);
  await shot(page, 'org-user-list');

  await row.getByTestId('row-details').click();
  await expect(page).toHaveURL(/\/UserDetails\?id=\d+$/);
  await expect(page.getByTestId('detail-name')).toHaveText(USER_NAME);
  await expect(page.getByTestId('detail-sex')).toHaveText('Woman');
  await expect(page.getByTestId('detail-rank')).toHaveText('Manager');
});

test('a role grants a screen to the new user, whose side menu then shows it', async ({ page, browser }) => {
  await signInAs(page, 'admin');
  await page.goto('/RoleList');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/RoleAdd\?id=0$/);
  await page.getByTestId('field-roleName').fill(ROLE);
  await choose(page, page.getByTestId('field-users'), ACCOUNT, `${USER_NAME} (${ACCOUNT})`);

  // Strict checking: the screen alone, not its group or its buttons.
  const tree = page.getByTestId('menu-tree');
  await tree.getByLabel('Currencies', { exact: true }).check();
  await expect(tree.getByLabel('Master data', { exact: true })).not.toBeChecked();
  await expect(tree.getByLabel('Add currency', { exact: true })).not.toBeChecked();
  await shot(page, 'org-role-form');
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/RoleList/);
  await page.getByTestId('filter-roleName').fill(ROLE);
  await page.getByTestId('search').click();
  const row = rowWith(page, ROLE);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(USER_NAME);
  await shot(page, 'org-role-list');

  await row.getByTestId('row-details').click();
  await expect(page).toHaveURL(/\/RoleDetails\?id=\d+$/);
  await expect(page.getByTestId('detail-userNames')).toContainText(USER_NAME);
  await expect(page.getByTestId('menu-tree').getByLabel('Currencies', { exact: true })).toBeChecked();
  await shot(page, 'org-role-details');

  // The new account: forced password change, then the granted screen in its side menu and nothing else of the group.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await submitLogin(userPage, ACCOUNT, INITIAL_PASSWORD);
  await changeInitialPassword(userPage);
  rememberPassword(ACCOUNT, E2E_PASSWORD);
  await signIn(userPage, ACCOUNT, E2E_PASSWORD);
  const menu = userPage.getByTestId('side-menu');
  await expect(menu.getByText('Master data')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Currencies' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Vendors' })).toHaveCount(0);
  await expect(menu.getByText('Organisation and permissions')).toHaveCount(0);
  await shot(userPage, 'org-new-user-menu');
  await context.close();

  // Deleting the role asks first; Cancel keeps it, Confirm removes the row.
  await page.goto('/RoleList');
  await page.getByTestId('filter-roleName').fill(ROLE);
  await page.getByTestId('search').click();
  await rowWith(page, ROLE).getByTestId('row-delete').click();
  await expect(page.getByRole('dialog', { name: 'Warning' })).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(rowWith(page, ROLE)).toHaveCount(1);
  await rowWith(page, ROLE).getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(rowWith(page, ROLE)).toHaveCount(0);
});

test('an administrator changes a user\'s password from the user list and returns to it', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/UserList');
  await search(page, ACCOUNT);
  await rowWith(page, ACCOUNT).getByTestId('row-password').click();
  await expect(page).toHaveURL(/\/UserEditPassword\?id=\d+$/);
  await expect(page.getByTestId('field-account')).toHaveValue(ACCOUNT);
  await expect(page.getByTestId('password-hint')).toContainText('6–8 characters');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  // The checks in the spec's order, each with its own message.
  await save.click();
  await expect(page.getByText('Please enter the new password')).toBeVisible();
  await page.locator('input[name="newPassword"]').fill('Qa12345');
  await page.locator('input[name="confirmPassword"]').fill('Qa12346');
  await save.click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.locator('input[name="newPassword"]').fill('Qa123456789');
  await page.locator('input[name="confirmPassword"]').fill('Qa123456789');
  await save.click();
  await expect(page.getByText('The password must be at most 8 characters')).toBeVisible();
  await shot(page, 'org-user-edit-password');
  await page.locator('input[name="newPassword"]').fill('Qa12345');
  await page.locator('input[name="confirmPassword"]').fill('Qa12345');
  await save.click();
  // Another user's password: the administrator stays signed in and goes back to the list.
  await expect(page).toHaveURL(/\/UserList/);
  await expect(page.getByText(`The password of ${USER_NAME} has been set.`)).toBeVisible();
  rememberPassword(ACCOUNT, 'Qa12345');

  // The administrator's set-password dialog: 6 to 20 characters.
  await search(page, ACCOUNT);
  await rowWith(page, ACCOUNT).getByTestId('row-setPassword').click();
  const dialog = page.getByRole('dialog', { name: 'Set password' });
  await dialog.locator('input[name="setPassword"]').fill('short');
  await dialog.getByTestId('set-password-submit').click();
  await expect(dialog.getByText('The password must be 6 to 20 characters')).toBeVisible();
  await dialog.locator('input[name="setPassword"]').fill('LongerPassword2024');
  await dialog.getByTestId('set-password-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The password of ${USER_NAME} has been set.`).first()).toBeVisible();
  rememberPassword(ACCOUNT, 'LongerPassword2024');
});

test('a department with people in it cannot be disabled; the switch stays', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/DepartmentList');
  await search(page, 'SG-SALES');
  const row = rowWith(page, 'SG-SALES');
  await expect(row).toHaveCount(1);
  await row.getByTestId('disable-switch').locator('..').click();
  await expect(page.getByText('Disable failed because there are users in the department!')).toBeVisible();
  await expect(row.getByTestId('disable-switch')).not.toBeChecked();
});

test('a menu with submenus is not deleted; its submenus open with the parent panel', async ({ page }) => {
  await signInAs(page, 'admin');
  // Top-level entries include the open API entries; the group is on a later page of 10.
  await page.goto('/MenuList?pageSize=100');
  const group = rowWith(page, 'Organisation and permissions');
  await expect(group).toHaveCount(1);
  await group.getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Menu delete failed because of submenu!')).toBeVisible();
  await expect(group).toHaveCount(1);

  await group.getByTestId('row-querySubmenu').click();
  await expect(page).toHaveURL(/\/MenuQuerySubmenu\?parentMenuId=331$/);
  await expect(page.getByTestId('parent-menuNameEN')).toHaveText('Organisation and permissions');
  const screen = rowWith(page, '/CompanyList');
  await expect(screen).toHaveCount(1);
  await screen.getByTestId('row-querySubmenu').click();
  await expect(page.getByTestId('parent-routeComponent')).toHaveText('CompanyList');
  await expect(rowWith(page, 'CompanyAdd')).toHaveCount(1);
  // Back climbs one level at a time.
  await page.getByTestId('back').click();
  await expect(page).toHaveURL(/\/MenuQuerySubmenu\?parentMenuId=331$/);
  await page.getByTestId('back').click();
  await expect(page).toHaveURL(/\/MenuList$/);
});

const SCREENS: { path: string; name: string; en: string; tw: string }[] = [
  { path: '/CompanyList', name: 'company-list', en: 'Payment term', tw: '付款條件' },
  { path: '/CompanyAdd?id=0', name: 'company-form', en: 'Company number', tw: '公司代碼' },
  { path: '/CompanyDetails?id=1', name: 'company-details', en: 'Departments of this company', tw: '本公司的部門' },
  { path: '/DepartmentList', name: 'department-list', en: 'Department path', tw: '部門路徑' },
  { path: '/DepartmentAdd?id=0', name: 'department-form', en: 'Parent department', tw: '上級部門' },
  { path: '/UserList', name: 'user-list', en: 'Account', tw: '帳號' },
  { path: '/UserAdd?id=0', name: 'user-form', en: 'Rank', tw: '職級' },
  { path: '/RoleList', name: 'role-list', en: 'Role name', tw: '角色名稱' },
  { path: '/RoleAdd?id=0', name: 'role-form', en: 'Menus and buttons', tw: '選單與按鈕' },
  { path: '/MenuList', name: 'menu-list', en: 'Route component', tw: '路由元件' },
  { path: '/MenuAdd?id=0', name: 'menu-form', en: 'Supports data scope', tw: '支援資料範圍' },
  { path: '/MenuQuerySubmenu?parentMenuId=331', name: 'menu-submenus', en: 'Parent menu', tw: '上級選單' },
];

// One test per language, so a slow machine spends the timeout on one walk, not two.
for (const lang of ['en', 'zh-tw'] as const) {
  test(`every organisation list and form opens in ${lang === 'en' ? 'English' : 'Traditional Chinese'}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin');
    await page.evaluate((l) => localStorage.setItem('salesdesk.language', l), lang);
    for (const s of SCREENS) {
      await page.goto(s.path);
      await expect(page.locator('main').getByText(lang === 'en' ? s.en : s.tw).first()).toBeVisible();
      // Nothing is left untranslated (a missing key shows as its dotted path).
      await expect(page.locator('main')).not.toContainText(/\b(fields|pages|crud)\.[a-zA-Z]+\./);
      await shot(page, `org-${s.name}-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('salesdesk.language', 'en'));
  });
}
