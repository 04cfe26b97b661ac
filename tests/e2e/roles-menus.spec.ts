// Roles, menus and the user select dialog in the browser (spec part 2 §2 Roles/Menus, §4, §5, §8; part 3 §2.9;
// DESIGN §5): the role form's strict tree with check-all and all-data flags, the role list's filters, disable and
// delete; menu add with its validation, submenus with the parent panel, delete refused while submenus exist; the
// user select dialog's filters, paging and cleared selection. Screens are checked in English and Traditional Chinese.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { shot } from './shots';
import { setLanguage } from './page-helpers';

const stamp = Date.now().toString(36);
const ROLE = `QA tree role ${stamp}`;
const MENU_EN = `QA menu ${stamp}`;
const MENU_TW = `測試選單 ${stamp}`;
const SUBMENU_EN = `QA submenu ${stamp}`;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const rowWith = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });

/** The tree line of a menu entry (its own checkbox, type tag and all-data flag), by its exact name. */
const node = (tree: Locator, name: string) => tree.locator('[data-testid^="tree-node-"]').filter({ has: tree.page().getByLabel(name, { exact: true }) });

async function choose(page: Page, input: Locator, text: string, option: string | RegExp = text) {
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

test('the role form checks strictly, checks all, and keeps all-data flags only where data scope applies', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/RoleAdd?id=0');
  const tree = page.getByTestId('menu-tree');
  await expect(tree.getByLabel('Roles', { exact: true })).toBeVisible();

  // Role name is required.
  await page.getByTestId('save').click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/RoleAdd\?id=0$/);
  await page.getByTestId('field-roleName').fill(ROLE);

  // Check-all ticks every side menu and button; unticking clears them.
  const all = tree.getByLabel('Check all');
  await all.check();
  for (const name of ['Sales data', 'Menus', 'Add role', 'Mail records']) await expect(tree.getByLabel(name, { exact: true })).toBeChecked();
  await all.uncheck();
  for (const name of ['Sales data', 'Menus', 'Add role']) await expect(tree.getByLabel(name, { exact: true })).not.toBeChecked();

  // Strict: a button alone, without its screen or group.
  await tree.getByLabel('Add role', { exact: true }).check();
  await expect(tree.getByLabel('Roles', { exact: true })).not.toBeChecked();
  await expect(tree.getByLabel('Organisation and permissions', { exact: true })).not.toBeChecked();
  await expect(all).not.toBeChecked();

  // The all-data flag exists only on entries that support data scope; setting it grants the entry too.
  await expect(node(tree, 'Exchange rates').getByLabel('All data')).toHaveCount(0);
  await expect(node(tree, 'Roles').getByLabel('All data')).toHaveCount(0);
  await node(tree, 'Sales data upload').getByLabel('All data').check();
  await expect(tree.getByLabel('Sales data upload', { exact: true })).toBeChecked();
  await expect(tree.getByLabel('Sales data', { exact: true })).not.toBeChecked();
  await tree.getByLabel('Weekly sales', { exact: true }).check();
  await expect(node(tree, 'Weekly sales').getByLabel('All data')).not.toBeChecked();

  await choose(page, page.getByTestId('field-companys'), 'Taiwan', 'Taiwan (TW)');
  await shot(page, 'role-form-tree');
  await page.getByTestId('save').click();

  await expect(page).toHaveURL(/\/RoleList/);
  await page.getByTestId('filter-roleName').fill(ROLE);
  await page.getByTestId('search').click();
  const row = rowWith(page, ROLE);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Taiwan');

  // Details: the same grants, read-only.
  await row.getByTestId('row-details').click();
  await expect(page).toHaveURL(/\/RoleDetails\?id=\d+$/);
  await expect(page.getByTestId('detail-companyNames')).toHaveText('Taiwan');
  const view = page.getByTestId('menu-tree');
  await expect(view.getByLabel('Add role', { exact: true })).toBeChecked();
  await expect(view.getByLabel('Roles', { exact: true })).not.toBeChecked();
  await expect(node(view, 'Sales data upload').getByLabel('All data')).toBeChecked();
  await expect(view.getByLabel('Weekly sales', { exact: true })).toBeChecked();
  await expect(node(view, 'Weekly sales').getByLabel('All data')).not.toBeChecked();
  await expect(view.getByLabel('Check all')).toHaveCount(0);
  await shot(page, 'role-details-tree');

  // Edit: the saved values load; unticking an entry drops its all-data flag with it.
  await page.goto('/RoleList');
  await page.getByTestId('filter-roleName').fill(ROLE);
  await page.getByTestId('search').click();
  await rowWith(page, ROLE).getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/RoleEdit\?id=\d+$/);
  const edit = page.getByTestId('menu-tree');
  await expect(page.getByTestId('field-roleName')).toHaveValue(ROLE);
  await expect(node(edit, 'Sales data upload').getByLabel('All data')).toBeChecked();
  await edit.getByLabel('Sales data upload', { exact: true }).uncheck();
  await expect(node(edit, 'Sales data upload').getByLabel('All data')).not.toBeChecked();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/RoleList/);

  // A second role with the same name is refused with the localized message.
  await page.goto('/RoleAdd?id=0');
  await page.getByTestId('field-roleName').fill(ROLE);
  await page.getByTestId('save').click();
  await expect(page.getByText('The role name already exists!')).toBeVisible();
  await expect(page).toHaveURL(/\/RoleAdd\?id=0$/);
});

test("a role keeps its grants and all-data flags on entries that are disabled while it is edited", async ({ page }) => {
  await signInAs(page, 'admin');
  const openRole = async (action: 'edit' | 'details') => {
    await page.goto('/RoleList');
    await page.getByTestId('filter-roleName').fill(ROLE);
    await page.getByTestId('search').click();
    await rowWith(page, ROLE).getByTestId(`row-${action}`).click();
    await expect(page.getByTestId('menu-tree').getByLabel('Add role', { exact: true })).toBeVisible();
  };
  const toggleWeeklySales = async (disabled: 'true' | 'false') => {
    await page.goto(`/MenuQuerySubmenu?parentMenuId=1${disabled === 'true' ? '' : '&isDisabled=true'}`);
    const row = rowWith(page, '/WeekSalesDataList');
    // A plain click on the switch's track: it must be on screen, not under the pinned actions column.
    await row.getByTestId('disable-switch').locator('..').click();
    await expect(row.getByTestId('disable-switch')).toBeChecked({ checked: disabled === 'true' });
  };

  await openRole('edit');
  await node(page.getByTestId('menu-tree'), 'Weekly sales').getByLabel('All data').check();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/RoleList/);

  // While the screen is disabled it is not in the tree; check-all on and off and a save leave its grant alone.
  await toggleWeeklySales('true');
  await openRole('edit');
  const tree = page.getByTestId('menu-tree');
  await expect(tree.getByLabel('Weekly sales', { exact: true })).toHaveCount(0);
  await tree.getByLabel('Check all').check();
  await tree.getByLabel('Check all').uncheck();
  await tree.getByLabel('Add role', { exact: true }).check();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/RoleList/);

  await toggleWeeklySales('false');
  await openRole('details');
  const view = page.getByTestId('menu-tree');
  await expect(view.getByLabel('Weekly sales', { exact: true })).toBeChecked();
  await expect(node(view, 'Weekly sales').getByLabel('All data')).toBeChecked();
  await expect(view.getByLabel('Add role', { exact: true })).toBeChecked();
  await expect(view.getByLabel('Sales data upload', { exact: true })).not.toBeChecked();
});

test('the role list filters by company, department and name; disables; deletes after a warning', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/RoleList');
  await expect(page.getByTestId('pager')).toContainText('50');

  // With no company chosen, same-named departments are told apart by their company; then they follow the company.
  await page.getByTestId('filter-departmentNumber').click();
  for (const c of ['TW', 'HK', 'SG']) await expect(page.getByRole('option', { name: `${c} / Sales`, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await choose(page, page.getByTestId('filter-companyNumber'), 'Taiwan', 'Taiwan (TW)');
  await page.getByTestId('search').click();
  await expect(rowWith(page, ROLE)).toHaveCount(1);
  await expect(rowWith(page, 'Subsidiary sales staff')).toHaveCount(1);
  await expect(rowWith(page, 'Head office')).toHaveCount(0);
  await page.getByTestId('filter-departmentNumber').click();
  await expect(page.getByRole('option')).toHaveText(['Marketing', 'Sales', 'Sales/Retail']);
  await page.keyboard.press('Escape');

  await page.getByTestId('filter-roleName').fill(ROLE);
  await page.getByTestId('search').click();
  const row = rowWith(page, ROLE);
  await expect(row).toHaveCount(1);
  await row.getByTestId('disable-switch').locator('..').click();
  await expect(row.getByTestId('disable-switch')).toBeChecked();
  // Lists default to enabled records: the disabled role leaves the list on the next search, and shows under "Yes".
  await page.getByTestId('search').click();
  await expect(rowWith(page, ROLE)).toHaveCount(0);
  await page.getByTestId('filter-isDisabled').click();
  await page.getByRole('option', { name: 'Yes', exact: true }).click();
  await page.getByTestId('search').click();
  await expect(rowWith(page, ROLE)).toHaveCount(1);

  await rowWith(page, ROLE).getByTestId('row-delete').click();
  await expect(page.getByRole('dialog', { name: 'Warning' })).toContainText(ROLE);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(rowWith(page, ROLE)).toHaveCount(0);
});

test('a menu entry is added with its validation, gets a submenu, and is deleted only once it has none', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/MenuList');
  await expect(page.getByTestId('pager')).toContainText('10');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/MenuAdd\?id=0$/);
  await expect(page.getByTestId('field-routeParentName')).toHaveValue('Home');

  // Both the English and the Traditional Chinese names are required; sort is 0 to 99999.
  await page.getByTestId('field-sort').fill('100000');
  // Save straight from the field: pressing Save keeps the focus in it, so no blur message moves Save before release.
  await page.getByTestId('save').click();
  await expect(page.getByText('Must be at most 99999')).toBeVisible();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
  await expect(page.getByTestId('field-sort')).toBeFocused();
  await shot(page, 'menu-form-validation');
  await page.getByTestId('field-menuNameEN').fill(MENU_EN);
  await page.getByTestId('field-menuNameZHTW').fill(MENU_TW);
  await page.getByTestId('field-sort').fill('99999');
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/MenuList/);

  // Highest sort: last among the top-level entries.
  await page.goto('/MenuList?pageSize=100');
  const row = rowWith(page, MENU_EN);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('99999');
  await row.getByTestId('row-addSubmenu').click();
  await expect(page).toHaveURL(/\/MenuAddSubmenu\?parentMenuId=\d+$/);
  const parentId = new URL(page.url()).searchParams.get('parentMenuId');
  await expect(page.getByTestId('parent-menuNameEN')).toHaveText(MENU_EN);
  await expect(page.getByTestId('parent-menuNameZHTW')).toHaveText(MENU_TW);
  await page.getByTestId('field-menuNameEN').fill(SUBMENU_EN);
  await page.getByTestId('field-menuNameZHTW').fill(`測試子選單 ${stamp}`);
  await page.getByTestId('field-routePath').fill(`/Qa${stamp}`);
  await page.getByTestId('save').click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  // Refused while it has a submenu: the row stays.
  await page.goto('/MenuList?pageSize=100');
  await rowWith(page, MENU_EN).getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Menu delete failed because of submenu!')).toBeVisible();
  await expect(rowWith(page, MENU_EN)).toHaveCount(1);

  // Its submenus, with the parent panel; the submenu is deleted, then the entry itself.
  await rowWith(page, MENU_EN).getByTestId('row-querySubmenu').click();
  await expect(page).toHaveURL(new RegExp(`/MenuQuerySubmenu\\?parentMenuId=${parentId}$`));
  await expect(page.getByTestId('parent-menuNameEN')).toHaveText(MENU_EN);
  const child = rowWith(page, SUBMENU_EN);
  await expect(child).toContainText(`/Qa${stamp}`);
  await expect(child).toContainText('Home');
  await shot(page, 'menu-submenus');
  await child.getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(rowWith(page, SUBMENU_EN)).toHaveCount(0);
  await page.getByTestId('back').click();
  await expect(page).toHaveURL(/\/MenuList$/);

  // The list names entries in the user's language.
  await setLanguage(page, 'zh-tw');
  await page.goto('/MenuList?pageSize=100');
  await expect(rowWith(page, MENU_TW)).toHaveCount(1);
  await expect(page.getByRole('columnheader', { name: '選單名稱' })).toBeVisible();
  await rowWith(page, MENU_TW).getByTestId('row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('刪除成功')).toBeVisible();
  await expect(rowWith(page, MENU_TW)).toHaveCount(0);
  await setLanguage(page, 'en');
});

test('the user select dialog filters by company and department, pages by 10, and opens with nothing selected', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/DepartmentAdd?id=0');
  await page.getByTestId('pick-leaderNumber').click();
  const dialog = page.getByRole('dialog', { name: 'Choose the department leader' });
  await expect(dialog).toBeVisible();
  for (const title of ['Company', 'Department', 'Account', 'Name', 'Number', 'E-mail']) {
    await expect(dialog.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }
  // 10 a page by default: as many rows as there are users, at most 10.
  await expect(dialog.getByTestId('pager')).toContainText('10');
  await expect(dialog.getByTestId('pager-total')).toHaveText(/Total [1-9]/);
  const total = Number((await dialog.getByTestId('pager-total').innerText()).replace(/\D/g, ''));
  const firstPage = Math.min(total, 10);
  await expect(dialog.locator('tbody tr')).toHaveCount(firstPage);

  await choose(page, dialog.getByTestId('filter-companyNumber'), 'Taiwan', 'Taiwan (TW)');
  await dialog.getByTestId('filter-departmentNumber').click();
  await expect(page.getByRole('option')).toHaveText(['Marketing', 'Sales', 'Sales/Retail']);
  await page.getByRole('option', { name: 'Sales', exact: true }).click();
  await dialog.getByTestId('search').click();
  const tina = dialog.locator('tbody tr').filter({ hasText: 'tw.sales' });
  await expect(tina).toHaveCount(1);
  await expect(dialog.locator('tbody tr').filter({ hasNotText: 'Taiwan' })).toHaveCount(0);
  await tina.getByRole('checkbox').check();
  await shot(page, 'user-select-dialog');
  await dialog.getByTestId('picker-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('field-leader')).toHaveValue('Tina Huang (tw.sales)');

  // Opening again: default filters, page 1, no row selected.
  await page.getByTestId('pick-leaderNumber').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('filter-companyNumber')).toHaveValue('');
  await expect(dialog.locator('tbody tr')).toHaveCount(firstPage);
  await expect(dialog.locator('tbody').getByRole('checkbox', { checked: true })).toHaveCount(0);
  await dialog.getByTestId('picker-confirm').click();
  // Confirm with nothing chosen keeps the leader.
  await expect(page.getByTestId('field-leader')).toHaveValue('Tina Huang (tw.sales)');
});

const SCREENS: { path: string; name: string; en: string; tw: string }[] = [
  { path: '/RoleList', name: 'role-list', en: 'Role name', tw: '角色名稱' },
  { path: '/RoleAdd?id=0', name: 'role-add', en: 'Check all', tw: '全選' },
  { path: '/RoleDetails?id=1', name: 'role-details', en: 'Menus and buttons', tw: '選單與按鈕' },
  { path: '/MenuList', name: 'menu-list', en: 'Route parent name', tw: '上級路由名稱' },
  { path: '/MenuDetails?id=331', name: 'menu-details', en: 'No authorization required', tw: '無需授權' },
  { path: '/MenuEdit?id=331', name: 'menu-edit', en: 'Name (Traditional Chinese)', tw: '名稱（繁體中文）' },
  { path: '/MenuAddSubmenu?parentMenuId=331', name: 'menu-add-submenu', en: 'Parent menu', tw: '上級選單' },
];

test('the role and menu screens open in English and Traditional Chinese with breadcrumbs from Home', async ({ page }) => {
  await signInAs(page, 'admin');
  for (const lang of ['en', 'zh-tw'] as const) {
    await setLanguage(page, lang);
    for (const s of SCREENS) {
      await page.goto(s.path);
      await expect(page.locator('main').getByText(lang === 'en' ? s.en : s.tw).first()).toBeVisible();
      await expect(page.getByTestId('breadcrumb').getByText(lang === 'en' ? 'Home' : '首頁')).toBeVisible();
      await expect(page.locator('main')).not.toContainText(/\b(fields|pages|crud|pickers)\.[a-zA-Z]+\./);
      await shot(page, `rm-${s.name}-${lang}`);
    }
  }
  await setLanguage(page, 'en');

  // A role or menu that does not exist: the localized refusal, no tree, and no Save that would add a new record.
  await page.goto('/RoleDetails?id=999999');
  await expect(page.getByText('The role does not exist!')).toBeVisible();
  await expect(page.getByTestId('menu-tree')).toHaveCount(0);
  await page.goto('/RoleEdit?id=999999');
  await expect(page.getByText('The role does not exist!')).toBeVisible();
  await expect(page.getByTestId('save')).toBeDisabled();
  await page.goto('/MenuEdit?id=999999');
  await expect(page.getByText('The record was not found.')).toBeVisible();
  await expect(page.getByTestId('save')).toBeDisabled();
});
