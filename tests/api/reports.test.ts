// The five sales reports (spec part 1 §2 Reports, §5–§7; DESIGN §7; issue 8 decisions) against a data set made here
// through the API on a server without demo data: TW uploads quantities (rule 1), SG amounts (rule 2), MY quantities
// without an exchange rate, AU a disabled record and a disabled target. For one day and company every row of the total,
// daily and Monday reports is computed by hand in RMB (local / rate to cents, ratios to 4 places, a zero divisor gives
// the numerator), and so are the totals; then access (TW against SG and the consolidated reports), what counts
// (disabled records and rows, draft rule-1 and rule-2 targets), and the model reports with paging and filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sundaysOf } from '@/shared/domain/sales';
import {
  getDailyData,
  getMondayData,
  getSalesDataReportPage,
  getSumReportData,
  getTargetAnalysisReportPage,
  type ModelReportResult,
  type ReportRow,
} from '@/shared/contracts/report';
import { client, startServer, type Reply, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
let oih: string;
const ids: Record<string, number> = {};

const YM = '2025-03';
const DAY = '2025-03-10';
const RATE = { TW: 4.5, SG: 0.19, AU: 0.2 };
const PASSWORD = 'Rep2025x';

// ---- Hand arithmetic: amounts to cents, sums in cents (no drift), ratios to 4 places.
const cents = (v: number) => Math.round(v * 100);
const sum = (...xs: number[]) => xs.reduce((a, x) => a + cents(x), 0) / 100;
const rmb = (local: number, rate: number) => Math.round((local / rate) * 100) / 100;
const ratio = (num: number, den: number) => (den === 0 ? num : Math.round((num / den) * 10_000) / 10_000);
const diff = (a: number, b: number) => sum(a, -b);

const outcome = (r: Reply) => [r.status, r.code, r.msg];
const ok = (r: Reply) => expect(outcome(r)).toEqual([200, 1, 'success']);
const forbidden = [403, 0, '401'];

/** A report cell: the figure of row `r` in the column group `dateDay` for `company` ('' = all companies). */
const cell = (rows: ReportRow[], r: number, dateDay: string, company: string) => {
  const group = rows[r].salesDateDay.find((d) => d.dateDay === dateDay);
  const found = group?.salesAmountSum.find((a) => a.company === company);
  if (!found) throw new Error(`no cell ${r} ${dateDay} ${company}`);
  return found.uploadAmount;
};
const column = (rows: ReportRow[], dateDay: string, company: string) => rows.map((_, r) => cell(rows, r, dateDay, company));

async function report(endpoint: { path: string }, query: Record<string, unknown>, token = admin): Promise<Reply<ReportRow[]>> {
  return api.get<ReportRow[]>(endpoint.path, query, token);
}
async function models(endpoint: { path: string }, query: Record<string, unknown>, token = admin): Promise<Reply<ModelReportResult>> {
  return api.get<ModelReportResult>(endpoint.path, { yearMonth: YM, ...query }, token);
}

/** Adds a record through the API and returns its reply data. */
async function post(path: string, body: Record<string, unknown>) {
  const r = await api.post(path, body, admin);
  ok(r);
  return r.data;
}

const qtyRows = (rows: Array<[number, Array<[string, number]>]>) =>
  rows.map(([model, days]) => ({ Id: 0, ProductId: model, SalesDataDetailSubs: days.map(([d, q]) => ({ SalesDataDate: d, UploadQuantity: q })) }));
const amountRow = (days: Array<[string, number, number]>) => [
  { Id: 0, ProductId: '', SalesDataDetailSubs: days.map(([d, online, retail]) => ({ SalesDataDate: d, OnlineAmount: online, RetailAmount: retail })) },
];
const salesData = (country: string, period: string, rules: 1 | 2, rows: unknown[]) =>
  post('/api/salesData/addoreditsalesdata', { Id: 0, DatePeriod: period, Country: country, Rules: rules, SalesDataDetailEntities: rows });
const target = (country: string, rule: 1 | 2, rows: unknown[]) =>
  post('/api/salestarget/addoreditsalestarget', { Id: 0, Year: 2025, Month: 3, Rule: rule, Country: country, SalesTargetDetailEntities: rows });
const rate = (country: string, yearMonth: string, loc: string, value: number) =>
  post('/api/ExchangeRate/addexchangerate', { Id: 0, YearMonth: yearMonth, Country: country, OriCurrency: 'RMB', LocCurrency: loc, Exchangerate: value });

beforeAll(async () => {
  s = await startServer({ SEED_DEMO: false });
  api = client(s.app);
  admin = await api.login('admin');
  // Users: a TW subsidiary user and a head-office user (their roles come with their companies).
  for (const [number, company] of [['tw.rep', 'TW'], ['oih.rep', 'OIH']]) {
    const dep = await post('/api/department/addoreditdepartment', { Id: 0, CompanyNumber: company, DepartmentName: `${company} sales` });
    await post('/api/user/addoredituser', { Id: 0, CompanyNumber: company, DepartmentId: dep.id, Name: number, Account: number, Password: PASSWORD, Language: 'en' });
  }
  tw = await api.login('tw.rep', PASSWORD);
  oih = await api.login('oih.rep', PASSWORD);

  // Master data: a category, a colour, four models and the TW and MY products that price them.
  await post('/api/Category/addcategory', { Id: 0, Category: 'Report chairs', CategoryNumber: 'RC' });
  const colour = await post('/api/ProductCol/addproductcol', { Id: 0, ProductCol: 'Report black' });
  const model = async (key: string, number: string, name: string, dataType: string, level: string) => {
    ids[key] = (await post('/api/ProductMod/addproductmod', { Id: 0, ModelType: dataType, ModelName: name, ProductModNa: number, ModelLevel: level, DataType: dataType, Remarks: '' })).id;
  };
  await model('m1', 'RPT-A', 'Alpha', 'CHAIR', 'High');
  await model('m2', 'RPT-B', 'Beta', 'FOOT', 'Mid');
  await model('m3', 'RPT-C', 'Gamma', 'CHAIR', 'Low');
  await model('m4', 'RPT-D', 'Delta', 'OTHES', 'Mid');
  const product = async (key: string, code: string, modelNo: string, country: string, unitPrice: number) => {
    ids[key] = (
      await post('/api/Product/addproduct', {
        id: 0, productType: '1', productCode: code, category: 'RC', modelNo, productColour: colour.productColNa, currency: country === 'MY' ? 'MYR' : 'TWD', unitPrice, price: unitPrice, uom: 'SET', companys: country,
      })
    ).id;
  };
  await product('p1', 'RPT-P1', 'RPT-A', 'TW', 100);
  await product('p2', 'RPT-P2', 'RPT-B', 'TW', 55.5);
  await product('p3', 'RPT-P3', 'RPT-C', 'TW', 10);
  await product('p4', 'RPT-P4', 'RPT-D', 'TW', 1);
  await product('p5', 'RPT-P5', 'RPT-A', 'MY', 20);

  // Rates of the month (MY has none: only a February one), and a different SG rate last year that must not be used.
  await rate('TW', YM, 'TWD', RATE.TW);
  await rate('SG', YM, 'SGD', RATE.SG);
  await rate('AU', YM, 'AUD', RATE.AU);
  await rate('MY', '2025-02', 'MYR', 0.6);
  await rate('SG', '2024-03', 'SGD', 0.25);

  // Period sales data of the month and of the same month last year.
  const twData = await salesData('TW', YM, 1, qtyRows([
    [ids.m1, [['2025-03-10', 3], ['2025-03-11', 2]]],
    [ids.m2, [['2025-03-01', 1], ['2025-03-10', 4]]],
    [ids.m3, [['2025-03-10', 7]]],
  ]));
  const m3Row = twData.salesDataDetailEntities.find((r: { productId: number }) => r.productId === ids.m3);
  await post('/api/salesData/disabledsalesdatadetail', { Id: m3Row.id, IsDisabled: true });
  await salesData('SG', YM, 2, amountRow([['2025-03-03', 1000, 2000], ['2025-03-10', 1234.56, 789.01], ['2025-03-16', 500, 0]]));
  await salesData('MY', YM, 1, qtyRows([[ids.m1, [['2025-03-10', 6]]]]));
  ids.auData = (await salesData('AU', YM, 2, amountRow([['2025-03-10', 100, 100]]))).id;
  await post('/api/salesData/disabledsalesdata', { Id: ids.auData, IsDisabled: true });
  await salesData('SG', '2024-03', 2, amountRow([['2024-03-10', 900, 100], ['2024-03-05', 300, 50]]));
  await salesData('TW', '2024-03', 1, qtyRows([[ids.m1, [['2024-03-10', 1]]]]));

  // Weekly sales of SG: one amount per Sunday.
  await post('/api/salesData/addoreditweeksalesdata', {
    Id: 0, Country: 'SG', YearS: 2025, MonthS: 3,
    SalesDataDetailEntities: sundaysOf(2025, 3).map((d, i) => ({ Id: 0, SalesDataDetailSubs: [{ SalesDataDate: d, UploadAmount: String((i + 1) * 100) }] })),
  });

  // Targets: SG rule 2 stays a draft (counts) with its day-16 row disabled; TW rule 2 released; AU rule 2 disabled;
  // TW rule 1 released; MY rule 1 a draft (does not count until released).
  const sgTarget = await target('SG', 2, [
    { Id: 0, Date: '03', CorporatAmount: 1500, OfflineAmount: 1500 },
    { Id: 0, Date: '10', CorporatAmount: 2000, OfflineAmount: 1000 },
    { Id: 0, Date: '16', CorporatAmount: 400, OfflineAmount: 600 },
  ]);
  expect(sgTarget.dataStatus).toBe(0);
  const day16 = sgTarget.salesTargetDetailEntities.find((r: { date: string }) => r.date === '16');
  await post('/api/salestarget/disabledsalestargetdetail', { Id: day16.id, IsDisabled: true });
  const twTarget = await target('TW', 2, [{ Id: 0, Date: '10', CorporatAmount: 3000, OfflineAmount: 5000 }]);
  ok(await api.get('/api/salestarget/releasesalestarget', { id: twTarget.id }, admin));
  ids.auTarget = (await target('AU', 2, [{ Id: 0, Date: '10', CorporatAmount: 1000, OfflineAmount: 1000 }])).id;
  await post('/api/salestarget/disabledsalestarget', { Id: ids.auTarget, IsDisabled: true });
  const twQty = await target('TW', 1, [
    { Id: 0, ProductId: ids.p1, TargetQuantity: 10 },
    { Id: 0, ProductId: ids.p2, TargetQuantity: 5 },
    { Id: 0, ProductId: ids.p4, TargetQuantity: 3 },
  ]);
  ok(await api.get('/api/salestarget/releasesalestarget', { id: twQty.id }, admin));
  ids.myQty = (await target('MY', 1, [{ Id: 0, ProductId: ids.p5, TargetQuantity: 9 }])).id;
});
afterAll(() => s.close());

// ---- The figures of SG (rate 0.19) and TW (rate 4.5), local amounts as entered above.
const SG = {
  /** Day → [corporate, offline] actuals; targets per day (the day-16 row is disabled). */
  actual: { '2025-03-03': [1000, 2000], '2025-03-10': [1234.56, 789.01], '2025-03-16': [500, 0] } as Record<string, [number, number]>,
  target: { '2025-03-03': [1500, 1500], '2025-03-10': [2000, 1000] } as Record<string, [number, number]>,
  lastYear: { '2024-03-10': 1000, '2024-03-05': 350 } as Record<string, number>,
};
const sgDay = (day: string) => {
  const [corp, off] = SG.actual[day] ?? [0, 0];
  const [tCorp, tOff] = SG.target[day] ?? [0, 0];
  const ly = SG.lastYear[`2024${day.slice(4)}`] ?? 0;
  return {
    corporateTarget: rmb(tCorp, RATE.SG),
    corporateActual: rmb(corp, RATE.SG),
    offlineTarget: rmb(tOff, RATE.SG),
    offlineActual: rmb(off, RATE.SG),
    totalTarget: rmb(sum(tCorp, tOff), RATE.SG),
    totalActual: rmb(sum(corp, off), RATE.SG),
    lastYear: rmb(ly, RATE.SG),
  };
};
const MARCH = Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
const sgSum = (key: keyof ReturnType<typeof sgDay>, days = MARCH) => sum(...days.map((d) => sgDay(d)[key]));

describe('target total report (GetSumReportData)', () => {
  let rows: ReportRow[];
  beforeAll(async () => {
    const r = await report(getSumReportData, { yearMonth: YM });
    ok(r);
    rows = r.data;
  });

  it('has the 12 rows, a column per day and company (every enabled sales company but OIH) and the totals', () => {
    expect(rows.map((r) => r.fileName)).toEqual([
      'corporateTarget', 'corporateActual', 'corporateAchievement', 'offlineTarget', 'offlineActual', 'offlineAchievement',
      'totalTarget', 'totalActual', 'totalAchievement', 'lastYearActual', 'thisYearActual', 'growth',
    ]);
    expect(rows[0].salesDateDay.map((d) => d.dateDay)).toEqual([...MARCH, 'total']);
    const day = rows[0].salesDateDay[9];
    expect(day.salesAmountSum.map((a) => [a.company, a.currency, a.exchangeRate])).toEqual([
      ['AU', 'AUD', 0.2], ['HK', 'HKD', null], ['MY', 'MYR', null], ['SG', 'SGD', 0.19], ['TW', 'TWD', 4.5],
    ]);
    expect(rows[0].salesDateDay[31].salesAmountSum.map((a) => a.company)).toEqual(['AU', 'HK', 'MY', 'SG', 'TW', '']);
  });

  it('gives every row of SG on the chosen day as computed by hand, in RMB at the month rate', () => {
    const d = sgDay(DAY);
    expect(d.totalActual).toBe(10650.37);
    expect(column(rows, DAY, 'SG')).toEqual([
      d.corporateTarget, d.corporateActual, ratio(d.corporateActual, d.corporateTarget),
      d.offlineTarget, d.offlineActual, ratio(d.offlineActual, d.offlineTarget),
      d.totalTarget, d.totalActual, ratio(d.totalActual, d.totalTarget),
      d.lastYear, d.totalActual, diff(d.totalActual, d.lastYear),
    ]);
    // Constant currency: last year's 1,000 SGD at this month's 0.19, not last year's 0.25.
    expect(cell(rows, 9, DAY, 'SG')).toBe(5263.16);
  });

  it('shows the raw numerator as the ratio when the divisor is 0 (SG on the 16th: no enabled target)', () => {
    const d = sgDay('2025-03-16');
    expect(d.corporateTarget).toBe(0);
    expect(cell(rows, 2, '2025-03-16', 'SG')).toBe(d.corporateActual);
    expect(cell(rows, 8, '2025-03-16', 'SG')).toBe(d.totalActual);
    expect(cell(rows, 5, '2025-03-16', 'SG')).toBe(0);
  });

  it('sums each base row of a company over the month and derives its ratios from the sums', () => {
    const t = {
      corporateTarget: sgSum('corporateTarget'),
      corporateActual: sgSum('corporateActual'),
      offlineTarget: sgSum('offlineTarget'),
      offlineActual: sgSum('offlineActual'),
      totalTarget: sgSum('totalTarget'),
      totalActual: sgSum('totalActual'),
      lastYear: sgSum('lastYear'),
    };
    expect(column(rows, 'total', 'SG')).toEqual([
      t.corporateTarget, t.corporateActual, ratio(t.corporateActual, t.corporateTarget),
      t.offlineTarget, t.offlineActual, ratio(t.offlineActual, t.offlineTarget),
      t.totalTarget, t.totalActual, ratio(t.totalActual, t.totalTarget),
      t.lastYear, t.totalActual, diff(t.totalActual, t.lastYear),
    ]);
  });

  it('gives TW (rule 1) its amounts in the total actual only, and the all-companies column sums the companies', () => {
    // TW on the 10th: 3 × 100 + 4 × 55.5 TWD (the disabled Gamma row is not counted), target 3,000 + 5,000 TWD.
    expect(column(rows, DAY, 'TW')).toEqual([
      rmb(3000, 4.5), 0, 0, rmb(5000, 4.5), 0, 0, rmb(8000, 4.5), rmb(522, 4.5), ratio(rmb(522, 4.5), rmb(8000, 4.5)),
      rmb(100, 4.5), rmb(522, 4.5), diff(rmb(522, 4.5), rmb(100, 4.5)),
    ]);
    // MY has no rate: its corporate and offline amounts are 0 (nothing to convert), its total actual is missing.
    const corporate = sum(sgSum('corporateActual'), 0, 0, 0, 0);
    expect(cell(rows, 1, 'total', '')).toBe(corporate);
    expect(cell(rows, 0, 'total', '')).toBe(sum(sgSum('corporateTarget'), rmb(3000, 4.5)));
    expect(cell(rows, 7, 'total', 'MY')).toBeNull();
    expect(cell(rows, 7, 'total', '')).toBeNull();
    expect(cell(rows, 8, 'total', '')).toBeNull();
  });

  it('is always consolidated: a subsidiary user gets 403 whatever country they ask for; head office sees no HK', async () => {
    expect(outcome(await report(getSumReportData, { yearMonth: YM }, tw))).toEqual(forbidden);
    expect(outcome(await report(getSumReportData, { yearMonth: YM, country: 'TW' }, tw))).toEqual(forbidden);
    const head = await report(getSumReportData, { yearMonth: YM, country: 'OIH' }, oih);
    ok(head);
    expect(head.data[0].salesDateDay[0].salesAmountSum.map((a) => a.company)).toEqual(['AU', 'MY', 'SG', 'TW']);
    expect(column(head.data, DAY, 'SG')).toEqual(column(rows, DAY, 'SG'));
  });
});

describe('daily report (GetDailyData)', () => {
  let sg: ReportRow[];
  beforeAll(async () => {
    const r = await report(getDailyData, { yearMonth: YM, country: 'SG' });
    ok(r);
    sg = r.data;
  });

  it('gives every one of the 15 rows of SG on the chosen day as computed by hand', () => {
    expect(sg).toHaveLength(15);
    const d = sgDay(DAY);
    const monthTarget = sgSum('totalTarget');
    const toDate = sgSum('totalActual', MARCH.slice(0, 10));
    expect(column(sg, DAY, 'SG')).toEqual([
      d.totalTarget, d.totalActual, ratio(d.totalActual, d.totalTarget),
      0, monthTarget, toDate,
      d.corporateTarget, d.corporateActual, ratio(d.corporateActual, d.corporateTarget),
      d.offlineTarget, d.offlineActual, ratio(d.offlineActual, d.offlineTarget),
      d.lastYear, d.totalActual, diff(d.totalActual, d.lastYear),
    ]);
    expect(monthTarget).toBe(sum(rmb(3000, 0.19), rmb(3000, 0.19)));
  });

  it('has one company (no all-companies column) and totals that sum, or take the last day for month figures', () => {
    expect(sg[0].salesDateDay[31]).toMatchObject({ dateDay: 'total' });
    expect(sg[0].salesDateDay[31].salesAmountSum.map((a) => a.company)).toEqual(['SG']);
    const total = column(sg, 'total', 'SG');
    expect(total[0]).toBe(sgSum('totalTarget'));
    expect(total[1]).toBe(sgSum('totalActual'));
    expect(total[2]).toBe(ratio(sgSum('totalActual'), sgSum('totalTarget')));
    expect(total[4]).toBe(sgSum('totalTarget'));
    expect(total[5]).toBe(sgSum('totalActual'));
    expect(total[12]).toBe(sgSum('lastYear'));
    expect(total[14]).toBe(diff(sgSum('totalActual'), sgSum('lastYear')));
  });

  it('counts TW quantities in units (never converted) and its rule-1 amount in the actuals', async () => {
    const r = await report(getDailyData, { yearMonth: YM, country: 'TW' }, tw);
    ok(r);
    expect(column(r.data, DAY, 'TW')).toEqual([
      rmb(8000, 4.5), rmb(522, 4.5), ratio(rmb(522, 4.5), rmb(8000, 4.5)),
      7, rmb(8000, 4.5), sum(rmb(55.5, 4.5), rmb(522, 4.5)),
      rmb(3000, 4.5), 0, 0, rmb(5000, 4.5), 0, 0,
      rmb(100, 4.5), rmb(522, 4.5), diff(rmb(522, 4.5), rmb(100, 4.5)),
    ]);
    expect(cell(r.data, 3, 'total', 'TW')).toBe(10);
  });

  it('reports a company without a rate as missing (rate null, amounts null), never at rate 1; its units still count', async () => {
    const r = await report(getDailyData, { yearMonth: YM });
    ok(r);
    const my = r.data[0].salesDateDay[9].salesAmountSum.find((a) => a.company === 'MY')!;
    expect(my.exchangeRate).toBeNull();
    expect(column(r.data, DAY, 'MY')).toEqual([0, null, null, 6, 0, null, 0, 0, 0, 0, 0, 0, 0, null, null]);
    expect(cell(r.data, 3, 'total', 'MY')).toBe(6);
    // The all-companies column: units of TW and MY; the actual is missing because MY's is.
    expect(cell(r.data, 3, 'total', '')).toBe(16);
    expect(cell(r.data, 1, 'total', '')).toBeNull();
    expect(cell(r.data, 0, 'total', '')).toBe(sum(sgSum('totalTarget'), rmb(8000, 4.5)));
  });

  it('lets a subsidiary user load only their own country: 403 for SG, for blank and for OIH (consolidated)', async () => {
    for (const country of ['SG', 'sg', '', 'OIH']) expect([country, ...outcome(await report(getDailyData, { yearMonth: YM, country }, tw))]).toEqual([country, ...forbidden]);
    ok(await report(getDailyData, { yearMonth: YM, country: 'tw' }, tw));
    expect(outcome(await report(getDailyData, { yearMonth: YM, country: 'HK' }, oih))).toEqual(forbidden);
    const unknown = await report(getDailyData, { yearMonth: YM, country: 'ZZ' });
    expect([unknown.status, unknown.msg]).toEqual([400, 'validationError']);
    expect((await report(getDailyData, { yearMonth: '2025-13' })).status).toBe(400);
  });
});

describe('Monday report (GetMondayData)', () => {
  let sg: ReportRow[];
  beforeAll(async () => {
    const r = await report(getMondayData, { yearMonth: YM, country: 'SG' });
    ok(r);
    sg = r.data;
  });

  it('has a column per Monday–Sunday week meeting the month (keyed by its Monday), then the total', () => {
    expect(sg).toHaveLength(16);
    expect(sg[0].fileName).toBe('weeklyUpload');
    expect(sg[0].salesDateDay.map((d) => d.dateDay)).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31', 'total']);
  });

  it('gives every one of the 16 rows of SG for the week of the chosen day as computed by hand', () => {
    const week = MARCH.slice(9, 16); // Monday 10 to Sunday 16
    const actual = sgSum('totalActual', week);
    const target = sgSum('totalTarget', week);
    const corp = sgSum('corporateActual', week);
    const corpTarget = sgSum('corporateTarget', week);
    const off = sgSum('offlineActual', week);
    const offTarget = sgSum('offlineTarget', week);
    const ly = sgSum('lastYear', week);
    expect(column(sg, DAY, 'SG')).toEqual([
      rmb(300, 0.19),
      target, actual, ratio(actual, target),
      0, sgSum('totalTarget'), sgSum('totalActual', MARCH.slice(0, 16)),
      corpTarget, corp, ratio(corp, corpTarget),
      offTarget, off, ratio(off, offTarget),
      ly, actual, diff(actual, ly),
    ]);
    // The first week (Monday 24 February) holds 1 and 2 March: its Sunday's upload.
    expect(cell(sg, 0, '2025-02-24', 'SG')).toBe(rmb(100, 0.19));
    expect(cell(sg, 0, 'total', 'SG')).toBe(sum(...[100, 200, 300, 400, 500].map((a) => rmb(a, 0.19))));
  });

  it('follows the same access rules', async () => {
    expect(outcome(await report(getMondayData, { yearMonth: YM, country: 'SG' }, tw))).toEqual(forbidden);
    expect(outcome(await report(getMondayData, { yearMonth: YM }, tw))).toEqual(forbidden);
    ok(await report(getMondayData, { yearMonth: YM, country: 'TW' }, tw));
    ok(await report(getMondayData, { yearMonth: YM }, oih));
  });
});

describe('what counts', () => {
  const au = async () => column((await report(getDailyData, { yearMonth: YM, country: 'AU' })).data, DAY, 'AU');

  it('leaves out a disabled record and a disabled target, and counts them once enabled again', async () => {
    expect(await au()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    await post('/api/salesData/disabledsalesdata', { Id: ids.auData, IsDisabled: false });
    await post('/api/salestarget/disabledsalestarget', { Id: ids.auTarget, IsDisabled: false });
    const on = await au();
    expect([on[0], on[1], on[6], on[7], on[9], on[10]]).toEqual([10000, 1000, 5000, 500, 5000, 500]);
    await post('/api/salesData/disabledsalesdata', { Id: ids.auData, IsDisabled: true });
    await post('/api/salestarget/disabledsalestarget', { Id: ids.auTarget, IsDisabled: true });
    expect(await au()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts a rule-2 draft target (SG) and leaves out its disabled row (the 16th)', async () => {
    const r = await report(getDailyData, { yearMonth: YM, country: 'SG' });
    expect(cell(r.data, 0, DAY, 'SG')).toBe(rmb(3000, 0.19));
    expect(cell(r.data, 0, '2025-03-16', 'SG')).toBe(0);
  });
});

describe('sales data report (SalesDataReport/GetReportPage)', () => {
  it('lists each model with rule-1 rows in the month: quantities per day, totals, in the country currency', async () => {
    const r = await models(getSalesDataReportPage, { country: 'TW', pageSize: 20 });
    ok(r);
    expect(r.data.currency).toBe('TWD');
    expect(r.data.missingRates).toEqual([]);
    expect(r.data.days).toEqual(MARCH);
    expect(r.data.count).toBe(2);
    expect(r.data.items).toEqual([
      {
        modelId: ids.m1, dataType: 'CHAIR', modelLevel: 'High', modelName: 'Alpha', targetQuantity: 0, totalQuantity: 5, totalAmount: 500, gap: 0,
        salesDataDetailSubs: [
          { salesDataDate: '2025-03-10', uploadQuantity: 3, uploadAmount: 300 },
          { salesDataDate: '2025-03-11', uploadQuantity: 2, uploadAmount: 200 },
        ],
      },
      {
        modelId: ids.m2, dataType: 'FOOT', modelLevel: 'Mid', modelName: 'Beta', targetQuantity: 0, totalQuantity: 5, totalAmount: 277.5, gap: 0,
        salesDataDetailSubs: [
          { salesDataDate: '2025-03-01', uploadQuantity: 1, uploadAmount: 55.5 },
          { salesDataDate: '2025-03-10', uploadQuantity: 4, uploadAmount: 222 },
        ],
      },
    ]);
    expect(r.data.summary).toEqual({
      targetQuantity: 0, totalQuantity: 10, totalAmount: 777.5, gap: 0,
      salesDataDetailSubs: [
        { salesDataDate: '2025-03-01', uploadQuantity: 1, uploadAmount: 55.5 },
        { salesDataDate: '2025-03-10', uploadQuantity: 7, uploadAmount: 522 },
        { salesDataDate: '2025-03-11', uploadQuantity: 2, uploadAmount: 200 },
      ],
    });
  });

  it('pages by 20 unless told otherwise, and sums the summary over all rows, not the page', async () => {
    expect(getSalesDataReportPage.input.parse({ yearMonth: YM }).pageSize).toBe(20);
    const r = await models(getSalesDataReportPage, { country: 'TW', pageIndex: 2, pageSize: 1 });
    expect(r.data.items.map((i) => i.modelName)).toEqual(['Beta']);
    expect([r.data.count, r.data.summary.totalQuantity, r.data.summary.totalAmount]).toEqual([2, 10, 777.5]);
  });

  it('filters by type, level and model', async () => {
    const names = async (q: Record<string, unknown>) => (await models(getSalesDataReportPage, { country: 'TW', ...q })).data.items.map((i) => i.modelName);
    expect(await names({ type: 'FOOT' })).toEqual(['Beta']);
    expect(await names({ modelLevel: 'high' })).toEqual(['Alpha']);
    expect(await names({ model: ids.m2 })).toEqual(['Beta']);
    // Gamma's only row is disabled: it is not in the report.
    const none = await models(getSalesDataReportPage, { country: 'TW', type: 'CHAIR', modelLevel: 'Low' });
    expect([none.data.items, none.data.count, none.data.summary.totalQuantity]).toEqual([[], 0, 0]);
  });

  it('sums several countries in RMB per company and day, missing where a rate is missing', async () => {
    const r = await models(getSalesDataReportPage, {});
    ok(r);
    expect(r.data.currency).toBe('RMB');
    expect(r.data.missingRates).toEqual(['HK', 'MY']);
    const [alpha, beta] = r.data.items;
    expect([alpha.modelName, alpha.totalQuantity, alpha.totalAmount]).toEqual(['Alpha', 11, null]);
    expect(alpha.salesDataDetailSubs).toEqual([
      { salesDataDate: '2025-03-10', uploadQuantity: 9, uploadAmount: null },
      { salesDataDate: '2025-03-11', uploadQuantity: 2, uploadAmount: rmb(200, 4.5) },
    ]);
    expect([beta.modelName, beta.totalQuantity, beta.totalAmount]).toEqual(['Beta', 5, sum(rmb(55.5, 4.5), rmb(222, 4.5))]);
    expect([r.data.summary.totalQuantity, r.data.summary.totalAmount]).toEqual([16, null]);
  });

  it('gives a subsidiary user their own country for a blank country, and 403 for another', async () => {
    const own = await models(getSalesDataReportPage, {}, tw);
    ok(own);
    expect([own.data.currency, own.data.count]).toEqual(['TWD', 2]);
    expect(outcome(await models(getSalesDataReportPage, { country: 'SG' }, tw))).toEqual(forbidden);
    expect(outcome(await models(getSalesDataReportPage, { country: 'OIH' }, tw))).toEqual(forbidden);
  });
});

describe('target analysis report (SalesTargetAnalysisReport/GetReportPage)', () => {
  it('gives released rule-1 target quantities per model, the uploaded total and the gap', async () => {
    const r = await models(getTargetAnalysisReportPage, { country: 'TW' }, tw);
    ok(r);
    expect(r.data.items.map((i) => [i.modelName, i.targetQuantity, i.totalQuantity, i.gap, i.totalAmount])).toEqual([
      ['Alpha', 10, 5, -5, 500],
      ['Beta', 5, 5, 0, 277.5],
      ['Delta', 3, 0, -3, 0],
    ]);
    expect(r.data.items[2].salesDataDetailSubs).toEqual([]);
    expect(r.data.summary).toMatchObject({ targetQuantity: 18, totalQuantity: 10, gap: -8, totalAmount: 777.5 });
  });

  it('leaves out a draft rule-1 target (MY) until it is released', async () => {
    const draft = await models(getTargetAnalysisReportPage, { country: 'MY' });
    expect(draft.data.items.map((i) => [i.modelName, i.targetQuantity, i.totalQuantity, i.gap])).toEqual([['Alpha', 0, 6, 6]]);
    ok(await api.get('/api/salestarget/releasesalestarget', { id: ids.myQty }, admin));
    const released = await models(getTargetAnalysisReportPage, { country: 'MY' });
    expect(released.data.items.map((i) => [i.modelName, i.targetQuantity, i.totalQuantity, i.gap])).toEqual([['Alpha', 9, 6, -3]]);
    const all = await models(getTargetAnalysisReportPage, { pageSize: 2 });
    expect(all.data.items.map((i) => [i.modelName, i.targetQuantity, i.totalQuantity])).toEqual([['Alpha', 19, 11], ['Beta', 5, 5]]);
    expect([all.data.count, all.data.summary.targetQuantity, all.data.summary.totalQuantity]).toEqual([3, 27, 16]);
  });

  it('filters as the sales data report does', async () => {
    const r = await models(getTargetAnalysisReportPage, { country: 'TW', type: 'OTHES' });
    expect(r.data.items.map((i) => i.modelName)).toEqual(['Delta']);
    expect(r.data.summary).toMatchObject({ targetQuantity: 3, totalQuantity: 0, gap: -3 });
  });
});
