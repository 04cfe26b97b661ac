// `npm run bench`: the product list API (20,000 products, page size 50, with and without filters, as admin and as a
// head-office user with the product screen) side by side with a bare JSON route of the same server, under autocannon
// with 50 connections, on PGlite and on PostgreSQL. The load comes from a child process (load.ts), not the server's
// event loop. Figures are absolute (req/s, p99) and ratios to the bare route measured in the same run (before and
// after the product rows, averaged); nothing here asserts a time. BENCH_SECONDS sets the seconds per route (5),
// BENCH_DB=pglite|postgres runs one database only. Then the report figures (reports.ts: the total and sales data
// reports against their raw SQL aggregates), the mail outbox figures (outbox.ts: mails recorded and delivered by the
// sender against the same mails sent straight over SMTP), the scheduler figures (scheduler.ts: firings claimed and run
// by a tick against the same calls made directly) and the offline figures (sync.ts: outbox drain, durable local save,
// browser chaos). `--only products|reports|outbox|scheduler|sync` (or BENCH_ONLY) runs one part; `--no-chaos`
// (BENCH_CHAOS=0) leaves out the browser chaos run; BENCH_SAVES sets the offline saves per phase (500).
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ping } from '@/shared/contracts/system';
import { getProductPage } from '@/shared/contracts/product';
import { benchDatabases, signIn, withBenchApp, type BenchApp, type BenchDb } from './bench-app';
import type { LoadJob, LoadResult } from './load';
import { runSyncBench } from './sync';
import { runReportBench } from './reports';
import { runOutboxBench } from './outbox';
import { runSchedulerBench } from './scheduler';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = 1;
const CONNECTIONS = 50;
const PRODUCTS = 20_000;

interface Row {
  db: string;
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

const loadScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts');

/** One autocannon run in a child process (same tsx loader as this one). */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(loadScript, [JSON.stringify(job)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: LoadResult | undefined;
    child.on('message', (m) => (result = m as LoadResult));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with ${code}`))));
  });
}

/** A short warm-up (prepared statements, caches, JIT), then the measured run. */
async function measure(url: string, headers: Record<string, string>, vary?: LoadJob['vary']): Promise<LoadResult> {
  await load({ url, headers, connections: CONNECTIONS, seconds: WARMUP, vary });
  return load({ url, headers, connections: CONNECTIONS, seconds: DURATION, vary });
}

async function seedProducts(app: BenchApp) {
  // Spread over the categories, models, colours and companies the seed made; codes are unique.
  await app.db.execute(sql`
    insert into products (product_type, product_code, item_code, factory_code, category, model_no, product_name, product_colour,
                          currency, unit_price, price, uom, companys)
    select '1', 'BENCH-' || lpad(g::text, 6, '0'), 'IT' || g, 'FC' || g,
           (select category_number from categories order by id offset (g % greatest((select count(*) from categories), 1)) limit 1),
           (select product_mod_na from product_mods order by id offset (g % greatest((select count(*) from product_mods), 1)) limit 1),
           'Bench product ' || g,
           (select product_col_na from product_cols order by id offset (g % greatest((select count(*) from product_cols), 1)) limit 1),
           'RMB', (g % 500) + 0.5, (g % 700) + 0.25, 'PCS',
           array[(array['HK','TW','SG','MY','AU'])[1 + g % 5], 'OIH']
    from generate_series(1, ${PRODUCTS}) g`);
  // As autovacuum would have done on a live server: statistics and the visibility map for index-only counts.
  await app.db.execute(sql`vacuum analyze products`);
}

async function run(kind: BenchDb): Promise<Row[]> {
  return withBenchApp(kind, {}, async (app, config) => {
    await seedProducts(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(app, 'admin', config.INITIAL_PASSWORD);
    // oih.analyst: head-office role, the product screen granted with all data, every country but HK.
    const analyst = await signIn(app, 'oih.analyst', config.INITIAL_PASSWORD);
    const page = `${address}${getProductPage.path}`;
    const noFilter = '?pageIndex=1&pageSize=50&isDisabled=false';
    const filters = '?pageIndex=3&pageSize=50&isDisabled=false&ProductCode=BENCH-01&Category=&ModelNo=';
    // Measure real pages, not refusals.
    for (const [who, token] of [['admin', admin], ['oih.analyst', analyst]]) {
      const probe = await app.inject({ method: 'GET', url: `${getProductPage.path}${filters}`, headers: { authorization: `Bearer ${token}` } });
      if (probe.json().code !== 1 || !probe.json().data.count) throw new Error(`${who}: the product page answers ${probe.statusCode} ${probe.json().msg as string}`);
    }
    // A different, selective code on every request: no cached count helps, the trigram index must.
    const codes = { query: '?pageIndex=1&pageSize=50&isDisabled=false&ProductCode=bench-{n}', count: PRODUCTS };
    const bare = `${address}${ping.path}`;
    const routes: Array<[string, string, Record<string, string>, LoadJob['vary']?]> = [
      ['bare route (ping)', bare, {}],
      ['admin: product page, no filter', `${page}${noFilter}`, { authorization: `Bearer ${admin}` }],
      ['admin: product page, filters', `${page}${filters}`, { authorization: `Bearer ${admin}` }],
      ['oih.analyst: product page, no filter', `${page}${noFilter}`, { authorization: `Bearer ${analyst}` }],
      ['oih.analyst: product page, filters', `${page}${filters}`, { authorization: `Bearer ${analyst}` }],
      ['admin: a new code filter each request', page, { authorization: `Bearer ${admin}` }, codes],
      ['bare route (ping), again', bare, {}],
    ];
    const rows: Row[] = [];
    for (const [name, url, headers, vary] of routes) {
      process.stdout.write(`  ${kind}: ${name}… `);
      const m = await measure(url, headers, vary);
      console.log(`${Math.round(m.rps)} req/s, p99 ${m.p99} ms`);
      rows.push({ db: kind, route: name, ...m });
    }
    return rows;
  });
}

const argv = process.argv.slice(2);
const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? (argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined);
const part = onlyArg ?? process.env.BENCH_ONLY;
if (part && !['products', 'sync', 'reports', 'outbox', 'scheduler'].includes(part)) throw new Error(`--only ${part}: expected products, sync, reports, outbox or scheduler`);

if (!part || part === 'products') {
  const rows: Row[] = [];
  console.log(`SalesDesk benchmark: ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION}s per route`);
  // BENCH_DB=pglite or BENCH_DB=postgres runs one of them only.
  for (const kind of await benchDatabases()) rows.push(...(await run(kind)));

  console.log('\n| database | route | req/s | p99 ms | errors | ratio to bare route |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const bares = rows.filter((x) => x.db === r.db && x.route.startsWith('bare'));
    const bare = bares.reduce((sum, x) => sum + x.rps, 0) / bares.length;
    console.log(`| ${r.db} | ${r.route} | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${(r.rps / bare).toFixed(3)} |`);
  }
}

if (!part || part === 'reports') await runReportBench();

if (!part || part === 'outbox') await runOutboxBench();

if (!part || part === 'scheduler') await runSchedulerBench();

if (!part || part === 'sync') {
  const chaos = !argv.includes('--no-chaos') && process.env.BENCH_CHAOS !== '0';
  const ok = await runSyncBench({ saves: Number(process.env.BENCH_SAVES ?? 500), chaos });
  // A lost or duplicated record is a failure whatever the timings say.
  if (!ok) process.exitCode = 1;
}
