// `npm run bench`: the product list API (20,000 products, page size 50, with and without filters) side by side with
// a bare JSON route of the same server, under autocannon with 50 connections, on PGlite and on PostgreSQL.
// Figures are printed as ratios to the bare route measured in the same run; nothing here asserts a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { ping } from '@/shared/contracts/system';
import { changeUserPassword, login } from '@/shared/contracts/user';
import { getProductPage } from '@/shared/contracts/product';
import { tempPostgres, type TempDatabase } from '../support/temp-postgres';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const PRODUCTS = 20_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  db: string;
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number }> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function seedProducts(app: Awaited<ReturnType<typeof buildApp>>) {
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

async function run(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  // PGlite on disk, as `npm start` runs it; PostgreSQL in a database of its own.
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'sd-bench-')) : undefined;
  const temp: TempDatabase | undefined = kind === 'postgres' ? await tempPostgres(PG_URL, 'sd_bench') : undefined;
  const config = loadConfig({}, { DATA_DIR: dataDir ?? 'memory://', DATABASE_URL: temp?.url, LOG_LEVEL: 'silent', STATIC_DIR: './.no-static' });
  const app = await buildApp(config, { logger: false });
  try {
    await seedProducts(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The initial password only opens the forced change; sign in again with the changed one.
    const first = await app.inject({ method: 'POST', url: login.path, payload: { number: 'admin', password: config.INITIAL_PASSWORD } });
    const changed = 'Bench1x';
    await app.inject({
      method: 'POST',
      url: changeUserPassword.path,
      payload: { oldPassword: config.INITIAL_PASSWORD, password: changed },
      headers: { authorization: `Bearer ${first.json().data.token as string}` },
    });
    const res = await app.inject({ method: 'POST', url: login.path, payload: { number: 'admin', password: changed } });
    const token = res.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    // Measure real pages, not refusals.
    const probe = await app.inject({ method: 'GET', url: `${getProductPage.path}?pageIndex=1&pageSize=50`, headers: auth });
    if (probe.json().code !== 1) throw new Error(`the product page answers ${probe.statusCode} ${probe.json().msg as string}`);
    const page = `${address}${getProductPage.path}`;
    const routes: Array<[string, string, Record<string, string>]> = [
      ['bare route (ping)', `${address}${ping.path}`, {}],
      ['product page, no filter', `${page}?pageIndex=1&pageSize=50&isDisabled=false`, auth],
      ['product page, filters', `${page}?pageIndex=3&pageSize=50&isDisabled=false&ProductCode=BENCH-01&Category=&ModelNo=`, auth],
    ];
    const rows: Row[] = [];
    for (const [name, url, headers] of routes) {
      process.stdout.write(`  ${kind}: ${name}… `);
      const m = await measure(url, headers);
      console.log(`${Math.round(m.rps)} req/s`);
      rows.push({ db: kind, route: name, ...m });
    }
    return rows;
  } finally {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await temp?.drop();
  }
}

async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const rows: Row[] = [];
console.log(`SalesDesk benchmark: ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION}s per route`);
rows.push(...(await run('pglite')));
if (await postgresReachable()) rows.push(...(await run('postgres')));
else console.log(`  PostgreSQL at ${PG_URL} not reachable: skipped`);

console.log('\n| database | route | req/s | p99 ms | errors | ratio to bare route |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  const bare = rows.find((x) => x.db === r.db && x.route.startsWith('bare'))!;
  console.log(`| ${r.db} | ${r.route} | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${(r.rps / bare.rps).toFixed(3)} |`);
}
