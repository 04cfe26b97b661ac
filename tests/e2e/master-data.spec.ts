// Master data through the browser (spec part 2 §2, §4, §8, §9): admin adds a category, a colour, a model and a product
// that uses them through the forms, finds the product with the list filters (kept in the URL), disables and enables it
// with the switch, then does a find and a toggle again in Traditional Chinese.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { shot } from './shots';

const run = Date.now().toString(36).slice(-5).toUpperCase();
const CATEGORY = { name: `E2E Category ${run}`, number: `EC${run}` };
const COLOUR = `E2E Colour ${run}`;
const MODEL = { type: 'CHAIR', name: `E2E Model ${run}`, number: `EM${run}` };
const PRODUCT = { code: `EP${run}`, name: `E2E Product ${run}` };
const VENDOR = { number: `EV${run}`, name: `E2E Vendor ${run}` };
const CURRENCY = `E${run.slice(0, 2)}`;

/** Picks an option of a Mantine Select/MultiSelect: opens it, types to search, clicks the option. */
async function choose(page: Page, input: Locator, search: string, option: RegExp | string) {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

const rows = (page: Page) => page.locator('table tbody tr');

async function saveAndReturn(page: Page, list: RegExp) {
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(list);
  await expect(page.getByTestId('notifications').getByText(/Saved successfully|儲存成功/).first()).toBeVisible();
}

/** Clicks the row's switch and waits until it shows the new value. */
async function toggle(row: Locator, to: boolean) {
  const sw = row.getByTestId('disable-switch');
  // The switch's input is visually hidden; its track (the parent) is what a user clicks.
  await sw.locator('..').click();
  await expect(sw).toHaveAttribute('data-checked', String(to));
}

test('admin adds a category, colour, model and product through the forms, then finds and toggles the product in both languages', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin');

  // --- Category: list, Add, the required checks, save, find with the filter.
  await page.goto('/Cgy');
  await expect(page.getByTestId('pager-total')).toContainText('Total');
  await shot(page, 'md-category-list');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddCategory$/);
  await page.getByTestId('save').click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByTestId('field-category').fill(CATEGORY.name);
  await page.getByTestId('field-categoryNumber').fill(CATEGORY.number);
  await shot(page, 'md-category-form');
  await saveAndReturn(page, /\/Cgy$/);
  await page.getByTestId('filter-category').fill(CATEGORY.number);
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(new RegExp(`category=${CATEGORY.number}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(CATEGORY.name);

  // --- Colour: the list has no Add; the add form shows the server-made number locked.
  await page.goto('/ProductCol');
  await expect(page.getByTestId('pager-total')).toBeVisible();
  await expect(page.getByTestId('toolbar-add')).toHaveCount(0);
  await shot(page, 'md-colour-list');
  await page.goto('/AddProductCol');
  await expect(page.getByTestId('field-productColNa')).toBeDisabled();
  await page.getByTestId('field-productCol').fill(COLOUR);
  await shot(page, 'md-colour-form');
  await saveAndReturn(page, /\/ProductCol$/);
  await page.getByTestId('filter-productCol').fill(COLOUR);
  await page.getByTestId('filter-productCol').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  const colourNumber = ((await rows(page).first().locator('td').nth(3).textContent()) ?? '').trim();
  expect(colourNumber).toMatch(/^C\d{4}$/);

  // --- Model: type, name, level (Sofa only here), data type, number, companies; the full name follows.
  await page.goto('/ProductMod');
  await expect(page.getByTestId('pager-total')).toBeVisible();
  await shot(page, 'md-model-list');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddProductMod$/);
  await choose(page, page.getByTestId('field-modelType'), 'CHA', 'CHAIR');
  await page.getByTestId('field-modelName').fill(MODEL.name);
  await choose(page, page.getByTestId('field-modelLevel'), 'Sofa', 'Sofa');
  await choose(page, page.getByTestId('field-dataType'), 'CHA', 'CHAIR');
  await page.getByTestId('field-productModNa').fill(MODEL.number);
  await choose(page, page.getByTestId('field-remarks'), 'Taiwan', /Taiwan/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('field-productMod')).toHaveValue(`${MODEL.type} ${MODEL.name}`);
  await shot(page, 'md-model-form');
  await saveAndReturn(page, /\/ProductMod$/);
  await page.getByTestId('filter-productMod').fill(MODEL.number);
  await page.getByTestId('search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('TW');

  // --- Product: the unit price is read-only on add; category, model and colour come from the records above.
  await page.goto('/Product');
  await expect(page.getByTestId('pager-total')).toBeVisible();
  await shot(page, 'md-product-list');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddProduct$/);
  await expect(page.getByTestId('field-unitPrice')).toBeDisabled();
  await page.getByTestId('save').click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await choose(page, page.getByTestId('field-productType'), 'Finished', /Finished Goods New/);
  await page.getByTestId('field-productCode').fill(PRODUCT.code);
  await page.getByTestId('field-productName').fill(PRODUCT.name);
  await choose(page, page.getByTestId('field-category'), CATEGORY.number, new RegExp(CATEGORY.number));
  await choose(page, page.getByTestId('field-modelNo'), MODEL.number, new RegExp(MODEL.number));
  await choose(page, page.getByTestId('field-productColour'), colourNumber, new RegExp(colourNumber));
  await choose(page, page.getByTestId('field-currency'), 'TWD', 'TWD');
  await page.getByTestId('field-price').fill('1999.5');
  await page.getByTestId('field-uom').fill('PCS');
  await choose(page, page.getByTestId('field-companys'), 'Taiwan', /Taiwan/);
  await page.keyboard.press('Escape');
  await shot(page, 'md-product-form');
  await saveAndReturn(page, /\/Product$/);

  // Find it with the filters; they land in the URL and survive a reload.
  await choose(page, page.getByTestId('filter-category'), CATEGORY.number, new RegExp(CATEGORY.number));
  await page.getByTestId('filter-productCode').fill(PRODUCT.code);
  await page.getByTestId('search').click();
  await expect(page).toHaveURL(new RegExp(`productCode=${PRODUCT.code}`));
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(PRODUCT.name);
  await expect(row).toContainText(MODEL.name);
  await expect(row).toContainText(COLOUR);
  await expect(row).toContainText('1,999.50');
  await page.reload();
  await expect(page.getByTestId('filter-productCode')).toHaveValue(PRODUCT.code);
  await expect(rows(page)).toHaveCount(1);

  // Disable: the switch flips after the server's success; the default filter (not disabled) then hides the row.
  await toggle(rows(page).first(), true);
  await page.reload();
  await expect(page.getByText('No records match the filters')).toBeVisible();
  await page.getByTestId('filter-isDisabled').click();
  await page.getByRole('option', { name: 'All' }).click();
  await page.getByTestId('search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('disable-switch')).toHaveAttribute('data-checked', 'true');
  await toggle(rows(page).first(), false);
  await shot(page, 'md-product-list-found');

  // The edit form loads the product by its code; the code is locked.
  await rows(page).first().getByTestId('row-edit').click();
  await expect(page).toHaveURL(new RegExp(`/EditProduct\\?ProductCode=${PRODUCT.code}`));
  await expect(page.getByTestId('field-productName')).toHaveValue(PRODUCT.name);
  await expect(page.getByTestId('field-productCode')).toBeDisabled();
  await shot(page, 'md-product-edit');
  // Unsaved changes hold the navigation behind a question.
  await page.getByTestId('field-productName').fill(`${PRODUCT.name} changed`);
  await page.getByTestId('return').click();
  await expect(page.getByTestId('unsaved-stay')).toBeVisible();
  await shot(page, 'md-product-edit-unsaved');
  await page.getByTestId('unsaved-stay').click();
  await expect(page).toHaveURL(/\/EditProduct\?/);
  await expect(page.getByTestId('field-productName')).toHaveValue(`${PRODUCT.name} changed`);
  await page.getByTestId('return').click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).toHaveURL(new RegExp(`/Product\\?.*productCode=${PRODUCT.code}`));
  await expect(rows(page).first()).toContainText(PRODUCT.name);
  await expect(rows(page).first()).not.toContainText('changed');

  // Details: every field read-only, Return goes back to the filtered list.
  await rows(page).first().getByTestId('row-details').click();
  await expect(page).toHaveURL(new RegExp(`/ProductDetail\\?ProductCode=${PRODUCT.code}`));
  await expect(page.getByTestId('detail-productName')).toHaveText(PRODUCT.name);
  await expect(page.getByTestId('detail-companys')).toHaveText('TW');
  await shot(page, 'md-product-detail');
  await page.getByTestId('return').click();
  await expect(page).toHaveURL(new RegExp(`/Product\\?.*productCode=${PRODUCT.code}`));

  // --- Currency and vendor: add through the forms, find them; the vendor's number is locked on edit.
  await page.goto('/Currency');
  await expect(page.getByTestId('pager-total')).toBeVisible();
  await shot(page, 'md-currency-list');
  await page.getByTestId('toolbar-add').click();
  await page.getByTestId('field-currency').fill(CURRENCY);
  await page.getByTestId('field-remarks').fill('E2E currency');
  await shot(page, 'md-currency-form');
  await saveAndReturn(page, /\/Currency$/);
  await page.getByTestId('filter-currency').fill(CURRENCY);
  await page.getByTestId('search').click();
  await expect(rows(page).first()).toContainText('E2E currency');

  await page.goto('/Vendor');
  await expect(page.getByTestId('pager-total')).toBeVisible();
  await shot(page, 'md-vendor-list');
  await page.getByTestId('toolbar-add').click();
  await expect(page).toHaveURL(/\/AddVendor$/);
  await page.getByTestId('save').click();
  await expect(page.getByText('Required')).toHaveCount(5);
  await page.getByTestId('field-vendorNumber').fill(VENDOR.number);
  await page.getByTestId('field-vendorName').fill(VENDOR.name);
  await page.getByTestId('field-vendorAddress').fill('1 Harbour Road');
  await page.getByTestId('field-vendorContact').fill('Ann Buyer');
  await page.getByTestId('field-paymentterm').fill('T/T 30 days');
  await page.getByTestId('field-vendorEmail_p').fill('not-an-email');
  await page.getByTestId('save').click();
  await expect(page.getByText('Not a valid e-mail address')).toBeVisible();
  await page.getByTestId('field-vendorEmail_p').fill('buyer@example.com');
  await choose(page, page.getByTestId('field-currency'), 'USD', 'USD');
  await shot(page, 'md-vendor-form');
  await saveAndReturn(page, /\/Vendor$/);
  await page.getByTestId('filter-vendorNumber').fill(VENDOR.number);
  await page.getByTestId('search').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('row-details').click();
  await expect(page.getByTestId('detail-vendorEmail_p')).toHaveText('buyer@example.com');
  await shot(page, 'md-vendor-detail');
  await page.getByTestId('return').click();
  await rows(page).first().getByTestId('row-edit').click();
  await expect(page.getByTestId('field-vendorName')).toHaveValue(VENDOR.name);
  await expect(page.getByTestId('field-vendorNumber')).toBeDisabled();
  await expect(page.getByTestId('field-companyType')).toBeDisabled();
  await page.getByTestId('return').click();
  await expect(page).toHaveURL(new RegExp(`/Vendor\\?.*vendorNumber=${VENDOR.number}`));

  await page.goto(`/Product?productCode=${PRODUCT.code}`);
  await expect(rows(page)).toHaveCount(1);

  // --- Traditional Chinese: find and toggle again.
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '繁體中文' }).click();
  await expect(page.getByTestId('search')).toHaveText('查詢');
  await expect(page.getByRole('columnheader', { name: '產品代碼' })).toBeVisible();
  await page.goto('/Product');
  await page.getByTestId('filter-productCode').fill(PRODUCT.code);
  await page.getByTestId('search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('全新成品');
  await toggle(rows(page).first(), true);
  await toggle(rows(page).first(), false);
  await expect(page.getByTestId('pager-total')).toHaveText('共 1 筆');
  await shot(page, 'md-product-list-zh-tw');
});
