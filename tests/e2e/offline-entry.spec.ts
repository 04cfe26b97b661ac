// Offline-first sales entry in the browser (issue 7, DESIGN §6), against the built app and the real server:
// entries made offline survive a reload and reach the server exactly once when the connection returns; a server that
// does not answer while the browser says "online" queues saves and says so; a save whose reply is lost is not applied
// twice on replay. SG (sg.sales) and MY (my.sales) in 2031, so demo data and the other specs never collide.
import { expect, test } from '@playwright/test';
import { signInAs } from './auth';
import {
  draftRows,
  fillSalesDataRule1,
  fillSalesDataRule2,
  fillTargetRule1,
  fillWeekly,
  outboxRows,
  salesDataRecords,
  saveAndReturn,
  offlineReady,
  targetRecords,
  waitForOutboxDrained,
  weekRecord,
  weekRecords,
} from './sales-helpers';
import { shot } from './shots';

test('online once, then offline: weekly, period (rule 1 and 2) and target entries survive a reload and reach the server exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Reloading over the unsaved draft asks "leave the page?" (beforeunload): yes.
  page.on('dialog', (d) => void d.accept());
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(salesData\/addoredit|salestarget\/addoredit)/i.test(r.url())) saves.push(new URL(r.url()).pathname);
  });
  await signInAs(page, 'sg.sales');
  // Online once: signing in is all it takes (the forms' routes and lookups are prepared in the background).
  await offlineReady(page);

  await context.setOffline(true);

  // Weekly sales for March 2031: one amount per Sunday.
  const weekly = ['1200.50', '980', '1500.25', '0', '2100'];
  expect(await fillWeekly(page, 2031, 3, weekly)).toEqual(['02', '09', '16', '23', '30']);
  await expect(page.getByTestId('week-total')).toHaveText('5,780.75');
  await saveAndReturn(page, '/WeekSalesDataList');
  await expect(page.getByTestId('notification').last()).toContainText('Saved on this device');

  // Period data: rule 1 (quantities of a model, March) and rule 2 (corporate and offline amounts, April).
  await fillSalesDataRule1(page, 2031, 3, 'CHAIR Master Drive', { '03': '2', '10': '5', '17': '1' });
  await expect(page.getByTestId('row-total-0')).toHaveText('8');
  await saveAndReturn(page, '/SalesDataList');
  await fillSalesDataRule2(page, 2031, 4, { '01': { corporate: '300', offline: '450.5' }, '15': { corporate: '120.25', offline: '' } });
  await expect(page.getByTestId('total-overall')).toHaveValue('870.75');
  await saveAndReturn(page, '/SalesDataList');

  // A rule-1 target for March: one product of SG, 25 units.
  await fillTargetRule1(page, 2031, 3, /^OG-7598 Master Drive$/, '25');
  await saveAndReturn(page, '/SalesTargetList');

  // And a draft not saved: weekly sales for May, one amount typed (autosaved).
  await page.goto('/WeekSalesData?id=0&operate=add&readonly=false&yearS=2031&monthS=5');
  await page.locator('input[name="amount-04"]').fill('777');
  await expect.poll(async () => JSON.stringify(await draftRows(page))).toContain('777');
  expect(await outboxRows(page)).toHaveLength(4);

  // Reload, still offline: the draft is offered and the queue is intact and visible.
  await page.reload();
  await expect(page.getByTestId('draft-notice')).toBeVisible();
  await page.getByTestId('draft-restore').click();
  await expect(page.locator('input[name="amount-04"]')).toHaveValue('777');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-network', 'offline');
  await expect(page.getByTestId('sync-pending')).toHaveText('4');

  // The top bar's count opens the outbox (leaving the restored draft unsaved: it stays stored).
  await page.getByTestId('sync-status').click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).toHaveURL(/\/Outbox$/);
  const rows = page.getByTestId('outbox-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.and(page.locator('[data-status="pending"]'))).toHaveCount(4);
  await expect(rows.filter({ hasText: 'SG 2031-03' })).toHaveCount(3);
  await expect(rows.filter({ hasText: 'SG 2031-04' })).toHaveCount(1);
  await shot(page, 'offline-outbox-after-reload');

  await page.goto('/WeekSalesDataList?year=2031&month=3');
  const local = page.getByTestId('local-entries');
  await expect(local.getByTestId('local-badge')).toHaveCount(1);
  await expect(local).toContainText('2031-03');
  await expect(local).toContainText('5,780.75');
  await page.goto('/SalesDataList?year=2031');
  await expect(local.getByTestId('local-badge')).toHaveCount(2);
  await expect(local).toContainText('870.75');
  await page.goto('/SalesTargetList?year=2031');
  await expect(local.getByTestId('local-badge')).toHaveCount(1);
  await expect(local).toContainText('25');
  expect(saves).toEqual([]);

  // Back online: every entry goes, once.
  await context.setOffline(false);
  const synced = await waitForOutboxDrained(page);
  expect(synced.map((e) => [e.kind, e.status, e.attempts]).sort()).toEqual([
    ['salesData', 'synced', 1],
    ['salesData', 'synced', 1],
    ['salesTarget', 'synced', 1],
    ['weekSales', 'synced', 1],
  ]);
  expect(saves.sort()).toEqual([
    '/api/salesData/addoreditsalesdata',
    '/api/salesData/addoreditsalesdata',
    '/api/salesData/addoreditweeksalesdata',
    '/api/salestarget/addoreditsalestarget',
  ]);

  // The server holds each record once, with what was typed.
  const [week] = await expectOne(weekRecords(page, 2031, 3, 'SG'));
  expect(week.weekAmount).toBe(5780.75);
  const stored = await weekRecord(page, week.id);
  expect(stored.salesDataDetailEntities.flatMap((d) => d.salesDataDetailSubs).map((s) => [s.salesDataDate, s.uploadAmount]).sort()).toEqual([
    ['2031-03-02', 1200.5],
    ['2031-03-09', 980],
    ['2031-03-16', 1500.25],
    ['2031-03-23', 0],
    ['2031-03-30', 2100],
  ]);
  const [quantities] = await expectOne(salesDataRecords(page, 2031, 3, 'SG'));
  expect([quantities.rules, quantities.sumQuantity]).toEqual([1, 8]);
  const [amounts] = await expectOne(salesDataRecords(page, 2031, 4, 'SG'));
  expect([amounts.rules, amounts.sumAmount]).toEqual([2, 870.75]);
  const [target] = await expectOne(targetRecords(page, 2031, 3, 1, 'SG'));
  expect([target.totalQuantity, target.dataStatus]).toEqual([25, 0]);

  // The lists show them from the server, no longer as this device's rows.
  await page.goto('/WeekSalesDataList?year=2031&month=3');
  await expect(page.locator('table tbody tr').filter({ hasText: '2031-03' })).toContainText('5,780.75');
  await expect(local).toHaveCount(0);
  await page.goto('/SalesDataList?year=2031');
  await expect(page.locator('table tbody tr').filter({ hasText: '2031-03' })).toContainText('8');
  await expect(page.locator('table tbody tr').filter({ hasText: '2031-04' })).toContainText('870.75');
  await expect(local).toHaveCount(0);
  await page.goto('/SalesTargetList?year=2031');
  // sg.sales sees only SG's targets: the one of this test.
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr')).toContainText('25');
  await expect(local).toHaveCount(0);
  await page.getByTestId('sync-status').click();
  await expect(page.getByTestId('outbox-row').and(page.locator('[data-status="synced"]'))).toHaveCount(4);
  await shot(page, 'offline-outbox-synced');
});

test('online but the server unreachable: saves queue, the bar says the server cannot be reached, and they drain when it answers', async ({ page, context }) => {
  await signInAs(page, 'my.sales');
  await offlineReady(page);
  // The browser stays online; nothing under /api answers: the page's calls (the engine's /api/ping included) and the
  // service worker's (a context route sees both).
  await context.route('**/api/**', (r) => r.abort('connectionrefused'));

  await fillWeekly(page, 2031, 5, ['100', '200.5', '300', '400']);
  await saveAndReturn(page, '/WeekSalesDataList');
  await expect(page.getByTestId('notification').last()).toContainText('Saved on this device');
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-network', 'unreachable');
  await expect(status).toContainText('Server unreachable');
  await expect(page.getByTestId('sync-pending')).toHaveText('1');

  await fillSalesDataRule2(page, 2031, 5, { '05': { corporate: '50', offline: '25.5' } });
  await saveAndReturn(page, '/SalesDataList');
  await expect(page.getByTestId('sync-pending')).toHaveText('2');
  await expect(status).toHaveAttribute('data-network', 'unreachable');
  await shot(page, 'unreachable-queued');
  // Nothing reached the server.
  expect(await weekRecords(page, 2031, 5, 'MY')).toEqual([]);
  expect(await salesDataRecords(page, 2031, 5, 'MY')).toEqual([]);

  await status.click();
  await expect(page.getByTestId('outbox-row').and(page.locator('[data-status="pending"]'))).toHaveCount(2);
  await expect(page.getByTestId('outbox-network')).toContainText('Server unreachable');

  // The server answers again: Sync now sends both, once.
  await context.unroute('**/api/**');
  await page.getByTestId('outbox-sync-now').click();
  const synced = await waitForOutboxDrained(page);
  expect(synced.map((e) => [e.kind, e.status, e.attempts]).sort()).toEqual([
    ['salesData', 'synced', 1],
    ['weekSales', 'synced', 1],
  ]);
  await expect(status).toHaveAttribute('data-network', 'online');
  const [week] = await expectOne(weekRecords(page, 2031, 5, 'MY'));
  expect(week.weekAmount).toBe(1000.5);
  const [amounts] = await expectOne(salesDataRecords(page, 2031, 5, 'MY'));
  expect([amounts.rules, amounts.sumAmount]).toEqual([2, 75.5]);
});

test('a save the server applied but whose reply was lost is replayed with the same key and exists once, synced', async ({ page }) => {
  await signInAs(page, 'my.sales');
  await offlineReady(page);
  // The first weekly save reaches the server, which commits it; its reply never reaches the browser.
  const sent: Array<{ key: string; code: number | null }> = [];
  await page.route('**/api/salesData/addoreditweeksalesdata', async (route) => {
    const key = route.request().headers()['idempotency-key'] ?? '';
    if (sent.length === 0) {
      const res = await route.fetch();
      sent.push({ key, code: ((await res.json()) as { code: number }).code });
      await route.abort('connectionreset');
      return;
    }
    sent.push({ key, code: null });
    await route.continue();
  });

  await fillWeekly(page, 2031, 6, ['10', '20', '30', '40', '50']);
  await saveAndReturn(page, '/WeekSalesDataList');
  // The engine retries on its own (backoff) and gets the server's stored reply.
  const synced = await waitForOutboxDrained(page);
  expect(synced.map((e) => [e.kind, e.status, e.attempts])).toEqual([['weekSales', 'synced', 2]]);
  expect(sent).toHaveLength(2);
  expect(sent[0].code).toBe(1);
  expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[1].key).toBe(sent[0].key);

  const [week] = await expectOne(weekRecords(page, 2031, 6, 'MY'));
  expect(week.weekAmount).toBe(150);
  await page.getByTestId('sync-status').click();
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'synced');
  await expect(page.getByTestId('sync-conflict')).toHaveCount(0);
  await page.goto('/WeekSalesDataList?year=2031&month=6');
  await expect(page.locator('table tbody tr').filter({ hasText: '2031-06' })).toHaveCount(1);
  await expect(page.getByTestId('local-entries')).toHaveCount(0);
});

/** Resolves the records and checks there is exactly one. */
async function expectOne<T>(records: Promise<T[]>): Promise<T[]> {
  const list = await records;
  expect(list).toHaveLength(1);
  return list;
}
