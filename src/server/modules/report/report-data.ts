// The SQL of the sales reports (DESIGN §7 "Report rows", /work decisions of issue 8): which companies a report covers,
// their exchange rates, and the stored figures aggregated in the database (GROUP BY company and day, or model and
// day), so that no report reads every day row into JavaScript. Shaping (columns, derived rows, paging) is done by
// report.service.ts with the shared report maths.
import { sql, type SQL } from 'drizzle-orm';
import { REPORT_CURRENCY } from '@/shared/contracts/exchange-rate';
import { HEAD_OFFICE } from '@/shared/domain/constants';
import { MODEL_LEVELS } from '@/shared/domain/master-data';
import { DATA_STATUS, RULE } from '@/shared/domain/sales';
import type { Db } from '../../db/client';
import { rowsOf } from '../../plugins/permissions';
import type { Scope } from '../../plugins/scope';

/** A company a report covers. */
export interface ReportCompanyRow {
  id: number;
  number: string;
  name: string;
  /** Its currency number; '' when the company has none (then its rate is missing). */
  currency: string;
  isFactory: number;
}

const companyColumns = sql`id, company_number as number, company_name as name, coalesce(currency_number, '') as currency, is_factory as "isFactory"`;

/** A list of integers as SQL ("1, 2, 3"); callers never pass an empty list. */
const intList = (ids: readonly number[]): SQL => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * The consolidated set: every enabled sales company (isFactory 2) in the caller's country scope except the head office,
 * ordered by company number.
 */
export function consolidatedCompanies(db: Db, scope: Scope): Promise<ReportCompanyRow[]> {
  const inScope = scope.all ? sql`` : scope.companyIds.length ? sql`and id in (${intList(scope.companyIds)})` : sql`and false`;
  return rows<ReportCompanyRow>(
    db,
    sql`select ${companyColumns} from companies
        where is_factory = 2 and not is_disabled and upper(company_number) <> ${HEAD_OFFICE} ${inScope}
        order by company_number`,
  );
}

/** A company by its number (case-insensitive), or undefined. */
export async function companyByNumber(db: Db, number: string): Promise<ReportCompanyRow | undefined> {
  const [row] = await rows<ReportCompanyRow>(db, sql`select ${companyColumns} from companies where lower(company_number) = ${number.toLowerCase()}`);
  return row;
}

/**
 * Each company's rate for a month: local units per 1 RMB from the exchange_rates row of that month, company, RMB and
 * the company's currency (not disabled); exactly 1 for an RMB company; null when missing (never taken as 1).
 */
export async function ratesOf(db: Db, yearMonth: string, list: readonly ReportCompanyRow[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  for (const c of list) out.set(c.id, c.currency.toUpperCase() === REPORT_CURRENCY ? 1 : null);
  const need = list.filter((c) => c.currency && c.currency.toUpperCase() !== REPORT_CURRENCY);
  if (!need.length) return out;
  const found = await rows<{ id: number; rate: number }>(
    db,
    sql`select e.company_id as id, e.exchangerate::float8 as rate
        from exchange_rates e join companies c on c.id = e.company_id
        where e.year_month = ${yearMonth} and e.company_id in (${intList(need.map((c) => c.id))}) and not e.is_disabled
          and upper(e.ori_currency) = ${REPORT_CURRENCY} and upper(e.loc_currency) = upper(c.currency_number)`,
  );
  for (const r of found) if (Number(r.rate) > 0) out.set(r.id, Number(r.rate));
  return out;
}

/**
 * One aggregated figure set of a company and day, in local currency (cents are exact: numeric sums):
 * - 'a' actuals (this month and the same month last year): v1 corporate (rule-2 online), v2 offline (rule-2 retail),
 *   v3 rule-1 amount, v4 rule-1 units;
 * - 't' rule-2 targets: v1 corporate, v2 offline, v3 total (targetAmount); day is the two-digit day of the month;
 * - 'w' weekly sales: v1 the upload of that Sunday.
 */
export interface GridFigure {
  src: 'a' | 't' | 'w';
  c: number;
  day: string;
  v1: number;
  v2: number;
  v3: number;
  v4: number;
}

/**
 * Every base figure of the total, daily and Monday reports: enabled records and rows only; rule-2 targets count when
 * not disabled (draft, in approval or released: DESIGN §7); weekly sales only when asked for. One GROUP BY per
 * source, run side by side (on PostgreSQL each on its own pooled connection).
 */
export async function gridFigures(
  db: Db,
  p: { companyIds: readonly number[]; yearMonth: string; lastYearMonth: string; year: number; month: number; weekly: boolean },
): Promise<GridFigure[]> {
  const ids = intList(p.companyIds);
  // This month and the same month last year in one scan (two statements side by side measured slower on PostgreSQL).
  const actuals = rows<GridFigure>(
    db,
    sql`select 'a' as src, d.company_id as c, y.sales_data_date as day,
          coalesce(sum(y.online_amount) filter (where d.rules = ${RULE.amount}), 0)::float8 as v1,
          coalesce(sum(y.retail_amount) filter (where d.rules = ${RULE.amount}), 0)::float8 as v2,
          coalesce(sum(y.upload_amount) filter (where d.rules = ${RULE.quantity}), 0)::float8 as v3,
          coalesce(sum(y.upload_quantity) filter (where d.rules = ${RULE.quantity}), 0)::float8 as v4
        from sales_data d
        join sales_data_details t on t.sales_data_id = d.id
        join sales_data_days y on y.sales_data_detail_id = t.id
        where d.company_id in (${ids}) and d.date_period in (${p.yearMonth}, ${p.lastYearMonth}) and not d.is_disabled and not t.is_disabled
        group by d.company_id, y.sales_data_date`,
  );
  const targets = rows<GridFigure>(
    db,
    sql`select 't' as src, s.company_id as c, lpad(t.date, 2, '0') as day, sum(t.corporat_amount)::float8 as v1,
          sum(t.offline_amount)::float8 as v2, sum(t.target_amount)::float8 as v3, 0 as v4
        from sales_targets s join sales_target_details t on t.sales_target_id = s.id
        where s.company_id in (${ids}) and s.year = ${p.year} and s.month = ${p.month} and s.rule = ${RULE.amount}
          and not s.is_disabled and not t.is_disabled and t.date <> ''
        group by s.company_id, lpad(t.date, 2, '0')`,
  );
  const weekly = p.weekly
    ? rows<GridFigure>(
        db,
        sql`select 'w' as src, w.company_id as c, wd.sales_data_date as day, sum(wd.upload_amount)::float8 as v1, 0 as v2, 0 as v3, 0 as v4
            from week_sales w join week_sales_days wd on wd.week_sales_id = w.id
            where w.company_id in (${ids}) and w.date_period = ${p.yearMonth} and not w.is_disabled
            group by w.company_id, wd.sales_data_date`,
      )
    : Promise.resolve([]);
  return (await Promise.all([actuals, targets, weekly])).flat();
}

// ---- Model reports

export interface ModelFilters {
  type?: string;
  modelLevel?: string;
  model?: number;
}

/** The product-model conditions of the filters (alias pm), or undefined when none is given. */
function modelConditions(f: ModelFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.type) parts.push(sql`lower(pm.data_type) = ${f.type.toLowerCase()}`);
  if (f.modelLevel) parts.push(sql`lower(pm.model_level) = ${f.modelLevel.toLowerCase()}`);
  if (f.model !== undefined) parts.push(sql`pm.id = ${f.model}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** Level order of the spec's pickers (High, Mid, Sofa, Low), unknown levels last. */
const levelOrder = sql.raw(`coalesce(array_position(array[${MODEL_LEVELS.map((l) => `'${l}'`).join(', ')}]::text[], pm.model_level), ${MODEL_LEVELS.length + 1})`);

/** A day of a model (or of the summary): [date, quantity, amount (null when a rate is missing)]. */
export type ModelDayTuple = [string, number, number | null];

export interface ModelRowData {
  id: number;
  dataType: string;
  modelLevel: string;
  modelName: string;
  targetQuantity: number;
  totalQuantity: number;
  totalAmount: number | null;
}

export interface ModelReportData {
  count: number;
  summary: { targetQuantity: number; totalQuantity: number; totalAmount: number | null };
  summaryDays: ModelDayTuple[];
  items: ModelRowData[];
  /** Days of the page's models, by model id. */
  itemDays: Map<number, ModelDayTuple[]>;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * The sales data report (target: false) or the target analysis report (target: true) in one statement: uploaded
 * quantities and amounts of enabled rule-1 rows of the month per model and day (amounts converted to RMB per company
 * and day when `rates` is given, null where a rate is missing unless the amount is 0), released rule-1 target
 * quantities per model (target analysis), then the page of rows, the count, the summary over all rows and the
 * summary per day, all computed in the database.
 */
export async function modelReportData(
  db: Db,
  p: {
    target: boolean;
    companyIds: readonly number[];
    yearMonth: string;
    year: number;
    month: number;
    filters: ModelFilters;
    /** Per company rate (local units per RMB, null = missing); undefined = one currency, no conversion. */
    rates?: ReadonlyMap<number, number | null>;
    limit: number;
    offset: number;
  },
): Promise<ModelReportData> {
  const ids = intList(p.companyIds);
  const cond = modelConditions(p.filters);
  const modelIn = cond ? sql`and t.product_mod_id in (select pm.id from product_mods pm where ${cond})` : sql``;
  const rateRows = p.rates ? [...p.rates].map(([c, r]) => sql`(${c}::int, ${r}::numeric)`) : [];
  // The enabled rule-1 day rows of the month in the chosen companies (and models).
  const uploads = sql`from sales_data d
          join sales_data_details t on t.sales_data_id = d.id
          left join sales_data_days y on y.sales_data_detail_id = t.id
          where d.date_period = ${p.yearMonth} and d.company_id in (${ids}) and d.rules = ${RULE.quantity} and not d.is_disabled
            and not t.is_disabled and t.product_mod_id is not null ${modelIn}`;
  // Per model and day; with rates, first per company and day, each converted, then summed (null if any is null).
  const days = p.rates
    ? sql`base as materialized (
          select t.product_mod_id as m, y.sales_data_date as dd, d.company_id as c,
                 coalesce(sum(y.upload_quantity), 0) as q, coalesce(sum(y.upload_amount), 0) as a
          ${uploads}
          group by 1, 2, 3),
        rate(c, r) as (values ${sql.join(rateRows, sql`, `)}),
        days as materialized (
          select b.m, b.dd, sum(b.q) as q,
                 case when bool_or(b.a <> 0 and r.r is null) then null
                      else sum(case when b.a = 0 then 0 else round(b.a / r.r, 2) end) end as a
          from base b left join rate r on r.c = b.c
          group by b.m, b.dd)`
    : sql`days as materialized (
          select t.product_mod_id as m, y.sales_data_date as dd,
                 coalesce(sum(y.upload_quantity), 0) as q, coalesce(sum(y.upload_amount), 0) as a
          ${uploads}
          group by 1, 2)`;
  const nullableSum = (col: string) => sql.raw(`case when bool_or(${col} is null) then null else coalesce(sum(${col}), 0) end`);
  // Released rule-1 targets: the quantity of each target row's product, counted for the product's model.
  const targets = p.target
    ? sql`tgt as (
          select pm.id as m, sum(td.target_quantity) as t
          from sales_targets st
          join sales_target_details td on td.sales_target_id = st.id
          join products pr on pr.id = td.product_id
          join product_mods pm on lower(pm.product_mod_na) = lower(pr.model_no)
          where st.year = ${p.year} and st.month = ${p.month} and st.rule = ${RULE.quantity} and st.data_status = ${DATA_STATUS.released}
            and st.company_id in (${ids}) and not st.is_disabled and not td.is_disabled ${cond ? sql`and ${cond}` : sql``}
          group by pm.id),`
    : sql``;
  const joined = p.target
    ? sql`(totals tt full join tgt tg on tg.m = tt.m) join product_mods pm on pm.id = coalesce(tt.m, tg.m)`
    : sql`totals tt join product_mods pm on pm.id = tt.m`;
  const query = sql`
    with ${days},
    totals as (select m, sum(q) as q, ${nullableSum('a')} as a from days group by m),
    ${targets}
    report as (
      select pm.id, pm.data_type as "dataType", pm.model_level as "modelLevel", pm.model_name as "modelName",
             ${p.target ? sql`coalesce(tg.t, 0)` : sql`0`}::float8 as "targetQuantity",
             coalesce(tt.q, 0)::float8 as "totalQuantity",
             (case when tt.m is null then 0 else tt.a end)::float8 as "totalAmount",
             pm.data_type as o1, ${levelOrder} as o2, pm.model_name as o3
      from ${joined}
      ${cond ? sql`where ${cond}` : sql``}),
    page as materialized (select * from report order by o1, o2, o3, id limit ${p.limit} offset ${p.offset}),
    page_days as (
      select d.m, json_agg(json_build_array(d.dd, d.q, d.a) order by d.dd) as subs
      from days d where d.dd is not null and d.m in (select id from page) group by d.m)
    select
      (select count(*)::int from report) as count,
      (select json_build_object('targetQuantity', coalesce(sum("targetQuantity"), 0), 'totalQuantity', coalesce(sum("totalQuantity"), 0),
                                'totalAmount', ${nullableSum('"totalAmount"')}) from report) as summary,
      (select coalesce(json_agg(json_build_array(dd, q, a) order by dd), '[]')
         from (select dd, sum(q) as q, ${nullableSum('a')} as a from days where dd is not null group by dd) s) as "summaryDays",
      (select coalesce(json_agg(json_build_object('id', id, 'dataType', "dataType", 'modelLevel', "modelLevel", 'modelName', "modelName",
                                'targetQuantity', "targetQuantity", 'totalQuantity', "totalQuantity", 'totalAmount', "totalAmount")
                                order by o1, o2, o3, id), '[]') from page) as items,
      (select coalesce(json_object_agg(m, subs), '{}') from page_days) as "itemDays"`;
  const [row] = await rows<Record<string, unknown>>(db, query);
  const itemDays = json<Record<string, ModelDayTuple[]>>(row.itemDays);
  return {
    count: Number(row.count),
    summary: json(row.summary),
    summaryDays: json(row.summaryDays),
    items: json(row.items),
    itemDays: new Map(Object.entries(itemDays).map(([k, v]) => [Number(k), v])),
  };
}
