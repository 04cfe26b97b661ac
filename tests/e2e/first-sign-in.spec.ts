// The first sign-in (spec part 1 §4, part 2 §5, part 3 §2.8): admin signs in with the initial password, cannot use the
// app until the password is changed, signs in again with the new one, sees the side menu in English, then switches to
// Traditional Chinese. Runs before every other browser spec (its own project), while admin still has the initial password.
import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, INITIAL_PASSWORD, rememberPassword, signIn, submitLogin } from './auth';
import { shot } from './shots';

test('admin changes the initial password, signs in again and switches the language', async ({ page }) => {
  await submitLogin(page, 'admin', INITIAL_PASSWORD);
  await expect(page).toHaveURL(/\/UserChangePassword$/);
  await expect(page.getByText('You signed in with the initial password. Please change it now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change your initial password' })).toBeVisible();

  // Nothing else opens before the change.
  await page.goto('/');
  await expect(page).toHaveURL(/\/UserChangePassword$/);
  await page.goto('/CompanyList');
  await expect(page).toHaveURL(/\/UserChangePassword$/);

  // The dialog's checks, in the spec's order, each with its own message.
  const submit = page.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(page.getByText('Please enter the current password')).toBeVisible();
  await page.locator('input[name="oldPassword"]').fill(INITIAL_PASSWORD);
  await page.locator('input[name="newPassword"]').fill('abc12');
  await page.locator('input[name="confirmPassword"]').fill('abc13');
  await submit.click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.locator('input[name="confirmPassword"]').fill('abc12');
  await submit.click();
  await expect(page.getByText('The password must be at least 6 characters')).toBeVisible();
  await page.locator('input[name="newPassword"]').fill('abc123');
  await page.locator('input[name="confirmPassword"]').fill('abc123');
  await submit.click();
  await expect(page.getByText('The password must contain at least one capital letter')).toBeVisible();
  await shot(page, 'forced-change-password');

  await page.locator('input[name="newPassword"]').fill(E2E_PASSWORD);
  await page.locator('input[name="confirmPassword"]').fill(E2E_PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByText('Your password has been changed. Please sign in again.')).toBeVisible();
  rememberPassword('admin', E2E_PASSWORD);

  // Signing in again with the new password opens the app.
  await signIn(page, 'admin', E2E_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Master data', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByTestId('home-company')).toContainText('OIH');
  await shot(page, 'shell-en');

  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '繁體中文' }).click();
  await expect(menu.getByText('主檔', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: '產品', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '首頁' }).first()).toBeVisible();
  await shot(page, 'shell-zh-tw');
  // The choice is stored: it survives another reload.
  await page.reload();
  await expect(menu.getByText('主檔', { exact: true })).toBeVisible();
});
