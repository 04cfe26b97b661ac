// The sales entry screens on a tablet (issue 7, DESIGN §6: tablet-first): weekly sales, period data (rule-1 grid and
// rule-2 calendar) and the target form (both rules) at 768×1024 portrait and 1024×768 landscape with touch. Each
// screen is filled as a user would, photographed, and checked: the page never scrolls sideways (wide grids scroll in
// their own frame), amount and quantity inputs bring up a numeric keypad, and every input and button of the form is
// at least 40 px tall. Nothing is saved (sg.sales, 2031-08).
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInAs } from './auth';
import { fillSalesDataRule1, fillSalesDataRule2, fillTargetRule1, fillWeekly } from './sales-helpers';
import { shot } from './shots';

const YEAR = 2031;
const MONTH = 8;

interface Check {
  /** The form's test id. */
  form: string;
  /** Selector of the amount or quantity inputs and the inputmode they must have. */
  numbers: string;
  inputMode: 'decimal' | 'numeric';
  /** How many such inputs the screen shows at least. */
  atLeast: number;
}

/** Saves a full-page picture for review (tests/e2e/shots.ts when E2E_SHOTS is set, and always next to the results). */
async function picture(page: Page, testInfo: TestInfo, name: string) {
  // From the top: a full-page capture of a scrolled page draws the fixed top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

async function checkScreen(page: Page, testInfo: TestInfo, name: string, c: Check) {
  const form = page.getByTestId(c.form);
  await expect(form).toBeVisible();
  // Let the layout settle (fonts, the calendar's frame) before measuring.
  await page.evaluate(() => document.fonts.ready);

  const size = page.viewportSize();
  const widths = await page.evaluate(() => ({
    inner: window.innerWidth,
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.inner, `${name}: the layout viewport is the device's`).toBe(size?.width);
  expect(widths.page, `${name}: no page-level horizontal scroll`).toBeLessThanOrEqual(widths.inner);
  expect(widths.body, `${name}: no page-level horizontal scroll`).toBeLessThanOrEqual(widths.inner);

  const numbers = form.locator(c.numbers);
  expect(await numbers.count(), `${name}: ${c.numbers}`).toBeGreaterThanOrEqual(c.atLeast);
  const modes = await numbers.evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('inputmode')))]);
  expect(modes, `${name}: keypad of ${c.numbers}`).toEqual([c.inputMode]);

  // Every input and button a finger uses: at least 40 px tall (read-only totals and hidden parts aside).
  const small = await form.locator('input:not([type="hidden"]), button, [role="radio"]').evaluateAll((els) =>
    els
      .filter((e) => {
        const s = getComputedStyle(e);
        const r = e.getBoundingClientRect();
        return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && !(e as HTMLInputElement).readOnly;
      })
      .map((e) => {
        const r = e.getBoundingClientRect();
        // A radio of a segmented control is hit through its label.
        const hit = e.getAttribute('type') === 'radio' && e.parentElement ? e.parentElement.getBoundingClientRect() : r;
        const label = e.getAttribute('name') ?? e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.textContent?.trim();
        return { what: `${e.tagName.toLowerCase()} ${label || e.className}`, h: Math.round(hit.height) };
      })
      .filter((x) => x.h < 40),
  );
  expect(small, `${name}: touch targets under 40 px`).toEqual([]);
  await picture(page, testInfo, name);
}

/** Every sales entry screen, filled, checked and photographed; `suffix` names the pictures (e.g. 768). */
async function walkScreens(page: Page, testInfo: TestInfo, suffix: string) {
  // Moving from one filled form to the next: the browser asks to leave unsaved changes; leave.
  page.on('dialog', (d) => void d.accept());

  await fillWeekly(page, YEAR, MONTH, ['1250.50', '980', '1430', '2010.75', '1600']);
  await expect(page.getByTestId('week-total')).toHaveText('7,271.25');
  await checkScreen(page, testInfo, `tablet-weekly-${suffix}`, { form: 'week-sales-form', numbers: 'input[name^="amount-"]', inputMode: 'decimal', atLeast: 5 });

  await fillSalesDataRule2(page, YEAR, MONTH, {
    '01': { corporate: '1200', offline: '830.5' },
    '02': { corporate: '640', offline: '410' },
    '15': { corporate: '99999.99', offline: '12345.67' },
    '31': { corporate: '300', offline: '' },
  });
  await expect(page.getByTestId('total-overall')).toHaveValue('115,726.16');
  await checkScreen(page, testInfo, `tablet-sales-data-rule2-${suffix}`, {
    form: 'sales-data-form',
    numbers: 'input[name^="corporate-"], input[name^="offline-"]',
    inputMode: 'decimal',
    atLeast: 62,
  });

  await fillSalesDataRule1(page, YEAR, MONTH, 'CHAIR Master Drive', { '01': '3', '02': '1', '16': '12', '31': '2' });
  await expect(page.getByTestId('row-total-0')).toHaveText('18');
  await checkScreen(page, testInfo, `tablet-sales-data-rule1-${suffix}`, { form: 'sales-data-form', numbers: 'input[name^="qty-"]', inputMode: 'numeric', atLeast: 31 });

  await fillTargetRule1(page, YEAR, MONTH, /^OG-7598 Master Drive$/, '40');
  await checkScreen(page, testInfo, `tablet-target-rule1-${suffix}`, { form: 'sales-target-form', numbers: 'input[name^="targetQuantity-"]', inputMode: 'numeric', atLeast: 1 });

  await page.goto(`/SalesTargetAdd?id=0&operate=add&readonly=false&year=${YEAR}&month=${MONTH}&rule=2`);
  await expect(page.getByTestId('month-calendar')).toBeVisible();
  for (const day of ['04', '05', '18']) await page.getByTestId(`cal-add-${day}`).click();
  await page.locator('input[name="corporate-04"]').fill('5000');
  await page.locator('input[name="offline-04"]').fill('2500.5');
  await page.locator('input[name="corporate-18"]').fill('7000');
  await expect(page.getByTestId('total-overall')).toHaveValue('14,500.50');
  await expect(page.getByTestId('day-count')).toContainText('3');
  await checkScreen(page, testInfo, `tablet-target-rule2-${suffix}`, {
    form: 'sales-target-form',
    numbers: 'input[name^="corporate-"], input[name^="offline-"]',
    inputMode: 'decimal',
    atLeast: 6,
  });
}

test.describe('portrait tablet, 768×1024, touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('weekly, period (rule-2 calendar, rule-1 grid) and target screens fit the width, with numeric keypads and 40 px targets', async ({ page }, testInfo) => {
    await signInAs(page, 'sg.sales');
    await walkScreens(page, testInfo, '768');
  });
});

test.describe('landscape tablet, 1024×768, touch', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true });

  test('the same screens fit a landscape tablet beside the side menu', async ({ page }, testInfo) => {
    await signInAs(page, 'sg.sales');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await walkScreens(page, testInfo, '1024');
  });
});
