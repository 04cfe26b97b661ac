// The report part of `npm run bench` (issue 8), called by run.ts: the target total report for 15 companies × 31 days
// and the sales data report for 2,000 product models × 31 days, each through the real API (app.inject: auth, scope,
// validation, the shared report maths, the envelope) next to its raw SQL aggregate (the GROUP BY that reads the same
// figures, nothing shaped) on the same database in the same process. Alternating runs after a warm-up; medians and
// the ratio API / SQL (aim ≤ 1.5). On PGlite and PostgreSQL. Nothing here asserts a time.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getSalesDataReportPage, getSumReportData } from '@/shared/contracts/report';
import { rowsOf } from '@/server/plugins/permissions';
import { benchDatabases, signIn, withBenchApp, type BenchApp, type BenchDb } from './bench-app';

const YEAR = 2026;
const MONTH = 10; // 31 days
const PERIOD = `${YEAR}-${MONTH}`;
const LAST_PERIOD = `${YEAR - 1}-${MONTH}`;
const EXTRA_COMPANIES = 10; // + HK, TW, SG, MY, AU = 15 sales companies besides OIH
const MODELS = 2_000;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 15);
const WARMUP = 3;

/** Companies, rates, rule-2 sales and targets for every company (this year and last), rule-1 quantities of 2,000 models in TW. */
async function seed(app: BenchApp) {
  const db = app.db;
  await db.execute(sql`
    insert into companies (company_number, company_name, is_factory, currency_number)
    select 'B' || lpad(g::text, 2, '0'), 'Bench company ' || g, 2, 'USD' from generate_series(1, ${EXTRA_COMPANIES}) g`);
  await db.execute(sql`
    insert into exchange_rates (year_month, company_id, ori_currency, loc_currency, exchangerate)
    select ${PERIOD}::text, c.id, 'RMB', c.currency_number, 0.14 + c.id / 1000.0
    from companies c where c.is_factory = 2 and upper(coalesce(c.currency_number, '')) <> 'RMB'`);
  await db.execute(sql`
    insert into product_mods (product_mod, product_mod_na, model_type, model_name, model_level, data_type)
    select 'CHAIR BM' || g, 'BM' || lpad(g::text, 5, '0'), 'CHAIR', 'Bench model ' || g, (array['High','Mid','Low'])[1 + g % 3],
           (array['CHAIR','FOOT','OTHES'])[1 + g % 3]
    from generate_series(1, ${MODELS}) g`);
  // Period data: TW rule 1 (a row per model), every other sales company rule 2 (one amount row); this year and last.
  await db.execute(sql`
    insert into sales_data (company_id, date_period, year_s, month_s, rules, add_user_number)
    select c.id, p.period, p.y, ${MONTH}::int, case when c.company_number = 'TW' then 1 else 2 end, 'admin'
    from companies c cross join (values (${PERIOD}::text, ${YEAR}::int), (${LAST_PERIOD}::text, ${YEAR - 1}::int)) p(period, y)
    where c.is_factory = 2 and c.company_number <> 'OIH'`);
  await db.execute(sql`
    insert into sales_data_details (sales_data_id, product_mod_id, add_user_number)
    select d.id, m.id, 'admin' from sales_data d join companies c on c.id = d.company_id
    cross join lateral (select id from product_mods where product_mod_na like 'BM%' and d.rules = 1
                        union all select null where d.rules = 2) m`);
  await db.execute(sql`
    insert into sales_data_days (sales_data_detail_id, sales_data_date, upload_quantity, upload_amount, online_amount, retail_amount)
    select t.id, left(d.date_period, 4) || '-' || lpad(${MONTH}::text, 2, '0') || '-' || lpad(day::text, 2, '0'),
           case when d.rules = 1 then (t.id + day) % 4 else 0 end,
           case when d.rules = 1 then ((t.id + day) % 4) * 1250.5 else 1000 + (t.id * day) % 9000 + 3000 + (t.id + day) % 20000 end,
           case when d.rules = 2 then 1000 + (t.id * day) % 9000 else 0 end,
           case when d.rules = 2 then 3000 + (t.id + day) % 20000 else 0 end
    from sales_data_details t join sales_data d on d.id = t.sales_data_id cross join generate_series(1, 31) day`);
  await db.execute(sql`
    insert into sales_targets (company_id, year, month, rule, data_status, add_user_number)
    select c.id, ${YEAR}::int, ${MONTH}::int, 2, 1, 'admin' from companies c where c.is_factory = 2 and c.company_number <> 'OIH'`);
  await db.execute(sql`
    insert into sales_target_details (sales_target_id, date, corporat_amount, offline_amount, target_amount)
    select s.id, lpad(day::text, 2, '0'), 2000 + day * 10, 9000 + day * 10, 11000 + day * 20
    from sales_targets s cross join generate_series(1, 28) day`);
  for (const table of ['sales_data', 'sales_data_details', 'sales_data_days', 'sales_targets', 'sales_target_details', 'product_mods', 'exchange_rates'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** The figures of the total report in one GROUP BY per source: actuals (this year and last) and targets per company and day. */
const totalAggregate = (app: BenchApp) =>
  Promise.all([
    app.db.execute(sql`
      select d.company_id, y.sales_data_date, sum(y.online_amount) corporate, sum(y.retail_amount) offline,
             sum(y.upload_amount) filter (where d.rules = 1) rule1
      from sales_data d join sales_data_details t on t.sales_data_id = d.id join sales_data_days y on y.sales_data_detail_id = t.id
      where d.date_period in (${PERIOD}, ${LAST_PERIOD}) and not d.is_disabled and not t.is_disabled
      group by 1, 2`),
    app.db.execute(sql`
      select s.company_id, t.date, sum(t.corporat_amount), sum(t.offline_amount), sum(t.target_amount)
      from sales_targets s join sales_target_details t on t.sales_target_id = s.id
      where s.year = ${YEAR} and s.month = ${MONTH} and s.rule = 2 and not s.is_disabled and not t.is_disabled
      group by 1, 2`),
    app.db.execute(sql`select company_id, exchangerate from exchange_rates where year_month = ${PERIOD}`),
  ]);

/**
 * The figures of the sales data report's page in one company (TW): quantity and amount per model and day for the
 * first 20 models, and the per-day sums over every model (the summary row) — what the API's reply holds.
 */
const modelAggregate = (app: BenchApp, companyId: number) =>
  app.db.execute(sql`
    with days as (
      select t.product_mod_id as m, y.sales_data_date as dd, sum(y.upload_quantity) as q, sum(y.upload_amount) as a
      from sales_data d join sales_data_details t on t.sales_data_id = d.id
      join sales_data_days y on y.sales_data_detail_id = t.id
      where d.date_period = ${PERIOD} and d.company_id = ${companyId} and d.rules = 1 and not d.is_disabled and not t.is_disabled
      group by 1, 2),
    page as (select m from days group by m order by m limit 20)
    select d.m, d.dd, d.q, d.a from days d join page p on p.m = d.m
    union all
    select null, dd, sum(q), sum(a) from days group by dd`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

interface Figure {
  db: BenchDb;
  report: string;
  api: number;
  sql: number;
}

async function run(kind: BenchDb): Promise<Figure[]> {
  return withBenchApp(kind, { SEED_DEMO: false }, async (app, config) => {
    process.stdout.write(`  ${kind}: seeding ${EXTRA_COMPANIES + 5} companies × 31 days and ${MODELS} models × 31 days… `);
    await seed(app);
    console.log('done');
    const token = await signIn(app, 'admin', config.INITIAL_PASSWORD);
    const [tw] = rowsOf<{ id: number }>(await app.db.execute(sql`select id from companies where company_number = 'TW'`));
    const headers = { authorization: `Bearer ${token}` };
    const total = `${getSumReportData.path}?yearMonth=${PERIOD}&country=OIH`;
    const models = `${getSalesDataReportPage.path}?yearMonth=${PERIOD}&country=TW&pageIndex=1&pageSize=20`;
    const api = async (url: string, check: (data: unknown) => string | null) => {
      const res = await app.inject({ method: 'GET', url, headers });
      const body = res.json() as { code: number; msg: string; data: unknown };
      const problem = body.code === 1 ? check(body.data) : `${res.statusCode} ${body.msg}`;
      if (problem) throw new Error(`${url}: ${problem}`);
    };
    const checkTotal = (data: unknown) => {
      const rows = data as Array<{ salesDateDay: Array<{ salesAmountSum: unknown[] }> }>;
      const cells = rows[0]?.salesDateDay[0]?.salesAmountSum.length ?? 0;
      return rows.length === 12 && rows[0].salesDateDay.length === 32 && cells === EXTRA_COMPANIES + 5 ? null : `unexpected shape (${rows.length} rows, ${cells} companies)`;
    };
    const checkModels = (data: unknown) => ((data as { count: number }).count === MODELS ? null : `count ${(data as { count: number }).count}`);
    const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [`target total report (${EXTRA_COMPANIES + 5} companies × 31 days)`, () => api(total, checkTotal), () => totalAggregate(app)],
      [`sales data report (${MODELS} models × 31 days, page of 20)`, () => api(models, checkModels), () => modelAggregate(app, tw.id)],
    ];
    const out: Figure[] = [];
    for (const [report, viaApi, viaSql] of cases) {
      for (let i = 0; i < WARMUP; i++) {
        await viaApi();
        await viaSql();
      }
      const a: number[] = [];
      const s: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Mirrored order, so neither side always runs on a warmer cache.
        if (i % 2) {
          a.push(await timed(viaApi));
          s.push(await timed(viaSql));
        } else {
          s.push(await timed(viaSql));
          a.push(await timed(viaApi));
        }
      }
      const f = { db: kind, report, api: median(a), sql: median(s) };
      console.log(`  ${kind}: ${report}: API ${f.api.toFixed(1)} ms, SQL ${f.sql.toFixed(1)} ms, ratio ${(f.api / f.sql).toFixed(2)}`);
      out.push(f);
    }
    return out;
  });
}

export async function runReportBench(): Promise<void> {
  console.log(`\nReports: API against its raw SQL aggregate, median of ${RUNS} alternating runs (aim ≤ 1.5)`);
  const figures: Figure[] = [];
  for (const kind of await benchDatabases()) figures.push(...(await run(kind)));
  console.log('\n| database | report | API ms | SQL ms | ratio |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.db} | ${f.report} | ${f.api.toFixed(1)} | ${f.sql.toFixed(1)} | ${(f.api / f.sql).toFixed(2)} |`);
}
