// The catalogue screens against spec part 2 §2, §5, §9 in both languages: every list's breadcrumb, filters with their
// defaults, columns in the spec's order, Add button (none on colours) and the page size it asks for (50); the forms'
// breadcrumbs; the product form's own required messages, read-only unit price on add and two-decimal prices.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './auth';
import { shot } from './shots';

type Lang = 'en' | 'zh';

interface ListScreen {
  route: string;
  /** The page call the list makes. */
  api: RegExp;
  crumb: Record<Lang, string>;
  filters: string[];
  columns: Record<Lang, string[]>;
  add: boolean;
}

// Column titles in the spec's order, between the running index and the disable switch / actions.
const LISTS: ListScreen[] = [
  {
    route: '/Product',
    api: /\/api\/Product\/getproductpage/i,
    crumb: { en: 'Products', zh: '產品' },
    filters: ['isDisabled', 'category', 'productCode', 'modelNo'],
    columns: {
      en: ['Product type', 'Product code', 'Item code', 'Category', 'Product name', 'Currency', 'Unit price', 'Price', 'Unit of measure', 'Model', 'Colour'],
      zh: ['產品類型', '產品代碼', '料號', '類別', '產品名稱', '幣別', '單價', '價格', '計量單位', '型號', '顏色'],
    },
    add: true,
  },
  {
    route: '/Cgy',
    api: /\/api\/Category\/getcategorypage/i,
    crumb: { en: 'Categories', zh: '類別' },
    filters: ['isDisabled', 'category'],
    columns: { en: ['ID', 'Category', 'Category number'], zh: ['編號', '類別', '類別代碼'] },
    add: true,
  },
  {
    route: '/ProductMod',
    api: /\/api\/ProductMod\/getproductmodpage/i,
    crumb: { en: 'Product models', zh: '產品型號' },
    filters: ['isDisabled', 'productMod'],
    columns: {
      en: ['Model name', 'Model type', 'Full name', 'Model level', 'Data type', 'Companies', 'Model number'],
      zh: ['型號名稱', '型號類型', '全名', '型號等級', '資料類型', '銷售公司', '型號代碼'],
    },
    add: true,
  },
  {
    route: '/ProductCol',
    api: /\/api\/ProductCol\/getproductcolpage/i,
    crumb: { en: 'Product colours', zh: '產品顏色' },
    filters: ['isDisabled', 'productCol'],
    columns: { en: ['ID', 'Colour', 'Colour number'], zh: ['編號', '顏色', '顏色代碼'] },
    add: false,
  },
  {
    route: '/Currency',
    api: /\/api\/Currency\/getcurrencypage/i,
    crumb: { en: 'Currencies', zh: '幣別' },
    filters: ['isDisabled', 'currency'],
    columns: { en: ['ID', 'Currency', 'Remarks'], zh: ['編號', '幣別', '備註'] },
    add: true,
  },
  {
    route: '/Vendor',
    api: /\/api\/Vendor\/getvendorpage/i,
    crumb: { en: 'Vendors', zh: '供應商' },
    filters: ['isDisabled', 'vendorName', 'vendorNumber'],
    columns: {
      en: ['Vendor number', 'Company type', 'Vendor name', 'Payment term', 'Country'],
      zh: ['供應商編號', '公司類型', '供應商名稱', '付款條件', '國家'],
    },
    add: true,
  },
];

const FRAME: Record<Lang, { home: string; index: string; disabled: string; actions: string; no: string }> = {
  en: { home: 'Home', index: 'No.', disabled: 'Disabled', actions: 'Actions', no: 'No' },
  zh: { home: '首頁', index: '序號', disabled: '停用', actions: '操作', no: '否' },
};

// Form routes and their breadcrumbs: Home, the list, the form (spec part 2 §2, e.g. "Home, /Cgy, /EditCategory").
const FORMS: Array<{ route: string; crumbs: Record<Lang, [string, string]> }> = [
  { route: '/AddProduct', crumbs: { en: ['Products', 'Add product'], zh: ['產品', '新增產品'] } },
  { route: '/AddCategory', crumbs: { en: ['Categories', 'Add category'], zh: ['類別', '新增類別'] } },
  { route: '/EditCategory?Id=1', crumbs: { en: ['Categories', 'Edit category'], zh: ['類別', '編輯類別'] } },
  { route: '/AddProductMod', crumbs: { en: ['Product models', 'Add model'], zh: ['產品型號', '新增型號'] } },
  { route: '/EditProductCol?Id=1', crumbs: { en: ['Product colours', 'Edit colour'], zh: ['產品顏色', '編輯顏色'] } },
  { route: '/AddCurrency', crumbs: { en: ['Currencies', 'Add currency'], zh: ['幣別', '新增幣別'] } },
  { route: '/VendorDetail?Id=1', crumbs: { en: ['Vendors', 'Vendor details'], zh: ['供應商', '供應商詳情'] } },
];

const crumbText = (parts: string[]) => new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*/\\s*')}$`);

async function checkLists(page: Page, lang: Lang) {
  const f = FRAME[lang];
  for (const l of LISTS) {
    const request = page.waitForRequest((r) => l.api.test(r.url()));
    await page.goto(l.route);
    const params = new URL((await request).url()).searchParams;
    expect.soft([l.route, params.get('pageSize'), params.get('pageIndex'), params.get('isDisabled')]).toEqual([l.route, '50', '1', 'false']);
    await expect(page.getByTestId('pager-total')).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toHaveText(crumbText([f.home, l.crumb[lang]]));
    for (const key of l.filters) await expect(page.getByTestId(`filter-${key}`)).toBeVisible();
    await expect(page.getByTestId('filter-isDisabled')).toHaveValue(f.no);
    await expect(page.getByTestId('toolbar-add')).toHaveCount(l.add ? 1 : 0);
    const headers = (await page.locator('table thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    expect.soft(headers, l.route).toEqual([f.index, ...l.columns[lang], f.disabled, f.actions]);
  }
}

async function checkFormCrumbs(page: Page, lang: Lang) {
  for (const form of FORMS) {
    await page.goto(form.route);
    await expect(page.getByTestId('breadcrumb')).toHaveText(crumbText([FRAME[lang].home, ...form.crumbs[lang]]));
  }
}

/** The product form's checks: the four required choices each say what is missing; unit price locked on add. */
async function checkProductForm(page: Page, lang: Lang) {
  const messages =
    lang === 'en'
      ? ['Please choose the product type', 'Please choose the category', 'Please choose the model', 'Please choose the colour']
      : ['請選擇產品類型', '請選擇類別', '請選擇型號', '請選擇顏色'];
  await page.goto('/AddProduct');
  await expect(page.getByTestId('field-unitPrice')).toBeDisabled();
  // On blur (spec part 2 §5): leaving the empty type says so at once.
  await page.getByTestId('field-productType').focus();
  await page.getByTestId('field-productCode').focus();
  await expect(page.getByText(messages[0])).toBeVisible();
  await page.getByTestId('save').click();
  for (const m of messages) await expect(page.getByText(m)).toBeVisible();
  await expect(page).toHaveURL(/\/AddProduct$/);
  // Prices keep two decimals, as stored.
  await page.getByTestId('field-price').fill('12.3456');
  await expect(page.getByTestId('field-price')).toHaveValue('12.34');
  await shot(page, `md2-product-form-required-${lang}`);
}

test('catalogue lists, forms and product checks follow the spec in English and Traditional Chinese', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'admin');
  await checkLists(page, 'en');
  await checkFormCrumbs(page, 'en');
  await checkProductForm(page, 'en');

  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '繁體中文' }).click();
  await expect(page.getByTestId('save')).toHaveText('儲存');
  await checkLists(page, 'zh');
  await shot(page, 'md2-vendor-list-zh');
  await checkFormCrumbs(page, 'zh');
  await checkProductForm(page, 'zh');
});

test('head office toggling a product shared with HK gets the out-of-scope message; the switch and the page stay', async ({ page }) => {
  await signInAs(page, 'oih.analyst');
  // Sofa Galaxy is sold in HK, TW and SG: head office sees it (TW, SG) but may not change HK's data (DESIGN §5).
  await page.goto('/Product?productCode=OG-2208');
  const row = page.locator('table tbody tr').filter({ has: page.locator('td', { hasText: /^OG-2208$/ }) });
  await expect(row).toHaveCount(1);
  const sw = row.getByTestId('disable-switch');
  await expect(sw).toHaveAttribute('data-checked', 'false');
  await sw.locator('..').click();
  await expect(page.getByTestId('notifications').getByText('You may not access data of this company.')).toBeVisible();
  await expect(sw).toHaveAttribute('data-checked', 'false');
  await expect(page).toHaveURL(/\/Product\?productCode=OG-2208$/);
  await shot(page, 'md2-product-shared-refused');
});

test('duplicates are refused with their own message in both languages; the form stays and Save is enabled again', async ({ page }) => {
  await signInAs(page, 'admin');
  const save = page.getByTestId('save');
  // A seeded category's name (spec part 2 §8: the category-exists message).
  await page.goto('/AddCategory');
  await page.getByTestId('field-category').fill('massage chairs');
  await page.getByTestId('field-categoryNumber').fill('DUP-NEW');
  await save.click();
  await expect(page.getByTestId('notifications').getByText('The category already exists!')).toBeVisible();
  await expect(page).toHaveURL(/\/AddCategory$/);
  await expect(save).toBeEnabled();

  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '繁體中文' }).click();
  await expect(save).toHaveText('儲存');
  // A seeded number on add (the number-exists message), then a seeded colour name.
  await page.goto('/AddCategory');
  await page.getByTestId('field-category').fill('重複測試類別');
  await page.getByTestId('field-categoryNumber').fill('mc');
  await save.click();
  await expect(page.getByTestId('notifications').getByText('類別編號已存在！')).toBeVisible();
  await expect(save).toBeEnabled();
  await page.goto('/AddProductCol');
  await page.getByTestId('field-productCol').fill('BLACK');
  await save.click();
  await expect(page.getByTestId('notifications').getByText('顏色已存在！')).toBeVisible();
  await expect(page).toHaveURL(/\/AddProductCol$/);
  await shot(page, 'md2-colour-exists-zh');
});
