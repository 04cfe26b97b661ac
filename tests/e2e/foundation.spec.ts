// The foundation in the browser (spec part 1 §2, §4, §5, §8; part 3 §2.8, §8.1; DESIGN §5, §6): sign-in errors and
// redirect, the guard (invalid token, 401, 404), the language select of the login screen, the change-password dialog,
// and the app opening offline from the service worker.
import { expect, test, type Page } from '@playwright/test';
import { passwordOf, signIn, signInAs, submitLogin } from './auth';
import { shot } from './shots';

const loginUrl = (redirect: string) => new RegExp(`/login\\?redirect=${encodeURIComponent(redirect).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function storedSession(page: Page) {
  return page.evaluate(() => localStorage.getItem('salesdesk.session'));
}

test('a wrong password shows the wrong-account-or-password message and keeps the form usable', async ({ page }) => {
  await page.goto('/login');
  await shot(page, 'login');
  // Account is required, for Login and for Forgot password alike.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter account')).toBeVisible();
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(page.getByText('Please enter account')).toBeVisible();

  await submitLogin(page, 'sg.sales', 'Wrong1pw');
  await expect(page.getByText('Wrong account or password!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  expect(await storedSession(page)).toBeNull();
  await shot(page, 'login-wrong-password');
});

test('forgot password answers the same whether or not the account exists', async ({ page }) => {
  await page.goto('/login');
  for (const account of ['no.such.user', 'my.sales']) {
    await page.locator('input[name="account"]').fill(account);
    await page.getByRole('button', { name: 'Forgot password' }).click();
    const note = page.getByText('If the account exists, a link to reset its password has been mailed to it.');
    await expect(note).toBeVisible();
    await page.getByTestId('notification').filter({ has: note }).getByRole('button', { name: 'Close' }).click();
    await expect(note).toBeHidden();
  }
});

test('signing in honours the redirect target', async ({ page }) => {
  await signInAs(page, 'oih.analyst');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();

  // A signed-out visit to a guarded route goes to /login with the route (and its query) as the redirect target.
  await page.goto('/UserChangePassword?from=mail');
  await expect(page).toHaveURL(loginUrl('/UserChangePassword?from=mail'));
  await page.locator('input[name="account"]').fill('oih.analyst');
  await page.locator('input[name="password"]').fill(passwordOf('oih.analyst'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/UserChangePassword\?from=mail$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
});

test('a garbage token is cleared and the user is sent to /login with a redirect back', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem(
      'salesdesk.session',
      JSON.stringify({ token: 'garbage-token', id: 1, number: 'admin', name: 'Admin', language: 'en', companyNumber: 'OIH', sideMenuList: [], buttons: [] }),
    ),
  );
  await page.goto('/CompanyList?page=2');
  await expect(page).toHaveURL(loginUrl('/CompanyList?page=2'));
  expect(await storedSession(page)).toBeNull();
  await expect(page.locator('input[name="account"]')).toBeVisible();
  await expect(page.getByTestId('login-session-ended')).toHaveText('Your session has ended. Please sign in again.');
});

test('a route the roles do not grant shows /401; an unknown route shows /404', async ({ page }) => {
  await signInAs(page, 'tw.sales');
  const menu = page.getByTestId('side-menu');
  // tw.sales works in Traditional Chinese: the account's language is applied at sign-in.
  await expect(menu.getByRole('link', { name: '首頁' })).toBeVisible();
  await expect(menu.getByText('組織與權限')).toHaveCount(0);

  await page.goto('/CompanyList');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByTestId('page-401')).toBeVisible();
  await shot(page, 'page-401-zh-tw');
  await page.getByTestId('page-401').getByRole('link', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/NoSuchScreen');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('page-404')).toBeVisible();
  // Matching ignores case: /companylist is the same route.
  await page.goto('/companylist');
  await expect(page).toHaveURL(/\/401$/);
});

test('the 401 and 404 pages in English, with Return to Home', async ({ page }) => {
  await signInAs(page, 'sg.sales');
  await page.goto('/CompanyList');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await shot(page, 'page-401');
  await page.goto('/NoSuchScreen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await shot(page, 'page-404');
  await page.getByTestId('page-404').getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-welcome')).toContainText('Samuel Tan');
});

test('the language select appears only when account and password are filled, preselected from the account', async ({ page }) => {
  await page.goto('/login');
  const select = page.getByTestId('login-language');
  await expect(select).toHaveCount(0);
  await page.locator('input[name="account"]').fill('hk.sales');
  await expect(select).toHaveCount(0);
  await page.locator('input[name="password"]').fill(passwordOf('hk.sales'));
  await expect(select).toBeVisible();
  // Leaving the password field asks getuser for the account's language (hk.sales: Traditional Chinese).
  await page.locator('input[name="account"]').focus();
  // A native select: its value is the language code, and it shows the language's own name.
  await expect(select).toHaveValue('zh-tw');
  await expect(select.locator('option:checked')).toHaveText('繁體中文');
  await page.locator('input[name="account"]').fill('');
  await expect(select).toHaveCount(0);
});

test('the change-password dialog checks its fields in order and a change ends the session', async ({ page }) => {
  await signInAs(page, 'my.sales');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(dialog.getByText('Please enter the current password')).toBeVisible();
  await dialog.locator('input[name="oldPassword"]').fill(passwordOf('my.sales'));
  await submit.click();
  await expect(dialog.getByText('Please enter the new password')).toBeVisible();
  await dialog.locator('input[name="newPassword"]').fill('abcdefghi');
  await submit.click();
  await expect(dialog.getByText('Please confirm the new password')).toBeVisible();
  await dialog.locator('input[name="confirmPassword"]').fill('abcdefghi');
  await submit.click();
  await expect(dialog.getByText('The password must be at most 8 characters')).toBeVisible();
  await dialog.locator('input[name="newPassword"]').fill('abcdefg');
  await dialog.locator('input[name="confirmPassword"]').fill('abcdefg');
  await submit.click();
  await expect(dialog.getByText('The password must contain both digits and letters')).toBeVisible();
  await shot(page, 'change-password-dialog');

  await dialog.locator('input[name="oldPassword"]').fill('Wrong1pw');
  await dialog.locator('input[name="newPassword"]').fill('Maya2024');
  await dialog.locator('input[name="confirmPassword"]').fill('Maya2024');
  await submit.click();
  await expect(dialog.getByText('The current password is wrong.')).toBeVisible();

  await dialog.locator('input[name="oldPassword"]').fill(passwordOf('my.sales'));
  await submit.click();
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByText('Your password has been changed. Please sign in again.')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  await signIn(page, 'my.sales', 'Maya2024');
  await expect(page.getByTestId('home-welcome')).toContainText('Maya Ismail');
  // Set it back to the run's known password for any later spec.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await dialog.locator('input[name="oldPassword"]').fill('Maya2024');
  await dialog.locator('input[name="newPassword"]').fill(passwordOf('my.sales'));
  await dialog.locator('input[name="confirmPassword"]').fill(passwordOf('my.sales'));
  await submit.click();
  await expect(page).toHaveURL(/\/Login$/);
});

test('offline: after one online visit the service worker serves the app shell', async ({ page, context }) => {
  await signInAs(page, 'au.sales');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  try {
    // Signed in: the shell opens with the stored menus.
    await page.reload();
    await expect(page.getByTestId('home-welcome')).toContainText('Alex Brown');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    // A deep link signed out: the login screen, which says that signing in needs the network.
    await page.evaluate(() => localStorage.removeItem('salesdesk.session'));
    await page.goto('/WeekSalesDataList');
    await expect(page).toHaveURL(loginUrl('/WeekSalesDataList'));
    await expect(page.getByTestId('login-offline')).toBeVisible();
    await shot(page, 'login-offline');
    // Trying anyway says the connection failed and re-enables the button.
    await submitLogin(page, 'au.sales', passwordOf('au.sales'));
    await expect(page.getByText('Connection timeout, please confirm whether the network is intact and refresh the page!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  } finally {
    await context.setOffline(false);
  }
});

test('on a tablet in portrait the side menu is a drawer opened by the toggle and closed on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInAs(page, 'oih.analyst');
  const menu = page.getByTestId('side-menu');
  await expect(menu).not.toBeInViewport();
  await page.getByRole('button', { name: 'Show or hide the side menu' }).and(page.locator(':visible')).click();
  await expect(menu).toBeInViewport();
  await shot(page, 'shell-tablet-menu');
  await menu.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(menu).not.toBeInViewport();
  await expect(page.getByTestId('home-welcome')).toContainText('Olivia Chen');
});
