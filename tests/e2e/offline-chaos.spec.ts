// Issue 7, the chaos run (DESIGN §6 "exactly once"): N weekly saves go through the app's real save path (the
// `globalThis.salesdeskOffline` hook of src/app/offline/app-sync.ts) in batches, while the page is reloaded or closed and
// reopened at random points M times and the network drops at random (context.setOffline). A save whose page died
// before it resolved may or may not be queued: it is issued again with the same payload, and the design must still end
// with one server record per payload (existence check, conflict, Idempotency-Key). Afterwards the server must hold
// exactly the N records, none twice, each with its own amounts.
// CHAOS_SAVES (200), CHAOS_INTERRUPTIONS (20), CHAOS_SEED (random) set the run; CHAOS_RESULT_FILE receives
// {saves, interruptions, serverRecords, lost, duplicated, conflicts, failed, ...} (`npm run bench` runs 1,000 and 50).
// admin saves for TW, AU and HK from January 2060 on (up to 1,476 saves): no other spec writes there.
import { writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { getWeekSalesDataPage, type WeekSalesFormInput } from '@/shared/contracts/sales-data';
import { periodOf, sumAmounts, sundaysOf } from '@/shared/domain/sales';
import type { OfflineTestHook } from '@/app/offline/app-sync';
import { signInAs } from './auth';
import { apiGet, outboxRows, swReady } from './sales-helpers';

const SAVES = Number(process.env.CHAOS_SAVES ?? 200);
const INTERRUPTIONS = Number(process.env.CHAOS_INTERRUPTIONS ?? 20);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const COUNTRIES = ['TW', 'AU', 'HK'] as const;
const FIRST_YEAR = 2060;
const ACCOUNT = 'admin';

interface Slot {
  i: number;
  country: string;
  year: number;
  month: number;
}

/** Save i: the countries in turn, then the next month. */
function slotOf(i: number): Slot {
  const m = Math.floor(i / COUNTRIES.length);
  return { i, country: COUNTRIES[i % COUNTRIES.length], year: FIRST_YEAR + Math.floor(m / 12), month: (m % 12) + 1 };
}

/** A Sunday's amount: distinct per save and Sunday, with cents, so a stored sum tells a wrong record apart. */
const amountOf = (s: Slot, day: number) => ((s.i * 7919) % 9973) + day * 10 + 0.25;

/** The weekly form's payload (week-sales-logic.ts weekPayload): one detail row per Sunday of the month. */
const payloadOf = (s: Slot): WeekSalesFormInput => ({
  id: 0,
  country: s.country,
  yearS: s.year,
  monthS: s.month,
  salesDataDetailEntities: sundaysOf(s.year, s.month).map((d, k) => ({ id: 0, salesDataDetailSubs: [{ salesDataDate: d, uploadAmount: amountOf(s, k) }] })),
});
const expectedSum = (s: Slot) => sumAmounts(sundaysOf(s.year, s.month).map((_, k) => amountOf(s, k)));
const keyOf = (country: string, year: number, month: number) => `${country} ${periodOf(year, month)}`;

/** mulberry32: a small seeded generator, so a failing run can be repeated with CHAOS_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Node timers, not page.waitForTimeout: a wait that outlives a closed page must not reject.
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Hooked = typeof globalThis & { salesdeskOffline?: OfflineTestHook; chaosSaved?: (i: number, status: string) => Promise<void> };

/** Waits until the app runs its engine for the signed-in account (the hook is there) on this page. */
async function hookReady(page: Page) {
  await page.waitForFunction(() => !!(globalThis as Hooked).salesdeskOffline, undefined, { timeout: 30_000 });
}

/** Issues the saves of a batch at once through the hook; each reports its outcome through the chaosSaved binding. */
function issue(page: Page, batch: Slot[]): Promise<void> {
  const items = batch.map((s) => ({ i: s.i, payload: payloadOf(s), label: keyOf(s.country, s.year, s.month) }));
  return page.evaluate(async (list) => {
    const g = globalThis as Hooked;
    const hook = g.salesdeskOffline;
    if (!hook) throw new Error('no offline hook');
    await Promise.all(
      list.map(async (it) => {
        const outcome = await hook.saveEntry('weekSales', 'add', it.payload, { label: it.label });
        await g.chaosSaved?.(it.i, outcome.status);
      }),
    );
  }, items);
}

test('7. chaos: saves queued while the page reloads or closes at random and the network drops keep exactly one server record each', async ({ page: first, context }) => {
  test.setTimeout(120_000 + SAVES * 400 + INTERRUPTIONS * 6_000);
  expect(SAVES).toBeGreaterThan(0);
  expect(Math.ceil(SAVES / COUNTRIES.length), 'months available up to 2100').toBeLessThanOrEqual((2100 - FIRST_YEAR + 1) * 12);
  const rnd = random(SEED);
  const slots = Array.from({ length: SAVES }, (_, i) => slotOf(i));
  test.info().annotations.push({ type: 'chaos', description: `saves ${SAVES}, interruptions ${INTERRUPTIONS}, seed ${SEED}` });

  // Outcomes the page reported (a save that resolved was queued durably, or synced, or met a conflict).
  const outcome = new Map<number, string>();
  await context.exposeBinding('chaosSaved', (_src, i: number, status: string) => {
    outcome.set(i, status);
  });

  let page = first;
  await signInAs(page, ACCOUNT);
  await swReady(page);
  await hookReady(page);

  let offline = false;
  const setOffline = async (ctx: BrowserContext, v: boolean) => {
    offline = v;
    await ctx.setOffline(v);
  };

  const t0 = Date.now();
  let interruptions = 0;
  let reissued = 0;
  const batchSize = Math.max(1, Math.ceil(SAVES / (INTERRUPTIONS + 1)));
  const issuedOnce = new Set<number>();
  for (let round = 0; ; round++) {
    const open = slots.filter((s) => !outcome.has(s.i));
    if (open.length === 0 && interruptions >= INTERRUPTIONS) break;
    expect(round, 'rounds').toBeLessThan(10 * (INTERRUPTIONS + SAVES) + 10);
    const batch = open.slice(0, batchSize);
    for (const s of batch) if (issuedOnce.has(s.i)) reissued++;
    for (const s of batch) issuedOnce.add(s.i);

    // The network drops or comes back at random, before the batch or while it runs.
    if (rnd() < 0.35) await setOffline(context, !offline);
    const run = batch.length ? issue(page, batch).catch(() => undefined) : Promise.resolve();
    if (rnd() < 0.25) {
      await sleep(Math.floor(rnd() * 300));
      await setOffline(context, !offline);
    }

    if (interruptions < INTERRUPTIONS) {
      // At a random point: early in the batch, in the middle of replay, or after it ended.
      await Promise.race([run, sleep(Math.floor(rnd() * 1_500))]);
      interruptions++;
      if (rnd() < 0.5) {
        await page.reload({ waitUntil: 'load' });
      } else {
        await page.close();
        page = await context.newPage();
        await page.goto('/');
      }
      await run;
      await hookReady(page);
    } else {
      await run;
    }
  }

  const queuedAt = Date.now();
  // The connection is back for good; the user presses "Sync now" until nothing waits (backoff may hold entries).
  await setOffline(context, false);
  const deadline = Date.now() + 60_000 + SAVES * 200;
  for (;;) {
    const counts = await page.evaluate(async () => {
      const hook = (globalThis as Hooked).salesdeskOffline!;
      await hook.syncNow();
      return hook.counts();
    });
    if (counts && counts.pending === 0) break;
    expect(Date.now(), `entries still waiting: ${JSON.stringify(counts)}`).toBeLessThan(deadline);
    await sleep(500);
  }

  const drainedAt = Date.now();
  // What the device holds: conflicts are re-issued saves whose first copy went (their record exists), failures none.
  const rows = (await outboxRows(page)).filter((e) => e.account === ACCOUNT);
  const conflicts = rows.filter((e) => e.status === 'conflict').length;
  // Entries put on the wire more than once (a reload or a drop took the reply): the Idempotency-Key path.
  const resent = rows.filter((e) => e.status === 'synced' && e.attempts > 1).length;
  const failed = rows.filter((e) => e.status === 'failed').length + [...outcome.values()].filter((s) => s === 'failed').length;

  // What the server holds: every weekly record of the three countries from FIRST_YEAR on.
  const held = new Map<string, Array<{ id: number; weekAmount: number }>>();
  for (const country of COUNTRIES) {
    const list = await apiGet<{ items: Array<{ id: number; country: string; yearS: number; monthS: number; weekAmount: number }> }>(page, getWeekSalesDataPage.path, {
      pageIndex: 1,
      pageSize: 10_000,
      country,
    });
    for (const r of list.items.filter((x) => x.yearS >= FIRST_YEAR)) {
      const k = keyOf(r.country, r.yearS, r.monthS);
      held.set(k, [...(held.get(k) ?? []), { id: r.id, weekAmount: r.weekAmount }]);
    }
  }
  const serverRecords = [...held.values()].reduce((n, l) => n + l.length, 0);
  const lostSlots = slots.filter((s) => !held.has(keyOf(s.country, s.year, s.month)));
  const duplicated = [...held.values()].reduce((n, l) => n + Math.max(0, l.length - 1), 0);
  const mismatched = slots.filter((s) => {
    const l = held.get(keyOf(s.country, s.year, s.month));
    return l?.length === 1 && l[0].weekAmount !== expectedSum(s);
  });

  const result = {
    saves: SAVES,
    interruptions,
    serverRecords,
    lost: lostSlots.length,
    duplicated,
    conflicts,
    failed,
    mismatched: mismatched.length,
    reissued,
    resent,
    seed: SEED,
    /** Seconds of the interrupted phase, and of the final drain ("Sync now" until nothing waits). */
    chaosSeconds: Math.round((queuedAt - t0) / 100) / 10,
    drainSeconds: Math.round((drainedAt - queuedAt) / 100) / 10,
  };
  console.log(`chaos result: ${JSON.stringify(result)}`);
  if (process.env.CHAOS_RESULT_FILE) writeFileSync(process.env.CHAOS_RESULT_FILE, JSON.stringify(result, null, 2));

  expect(lostSlots.map((s) => keyOf(s.country, s.year, s.month)), 'lost saves').toEqual([]);
  expect(result.duplicated, 'records stored twice').toBe(0);
  expect(result.serverRecords, 'server records').toBe(SAVES);
  expect(mismatched.map((s) => keyOf(s.country, s.year, s.month)), 'records with other amounts').toEqual([]);
  expect(result.failed, 'refused saves').toBe(0);
  expect(interruptions).toBe(INTERRUPTIONS);
});
