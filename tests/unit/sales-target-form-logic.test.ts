// The sales target screens' rules (spec part 1 §2, §5; DESIGN §5–§7): the mode read from the query, what a record and
// a copy put into the form, the checks before a save, the payload sent through the outbox and which row actions the
// list offers.
import { describe, expect, it } from 'vitest';
import { salesTargetForm, type SalesTargetRecord } from '@/shared/contracts/sales-target';
import { mayEdit, mayRelease, payloadTotals } from '@/app/features/sales-target/list-rules';
import {
  checkValues,
  copyOf,
  corporateOf,
  draftKeyOf,
  emptyRow,
  emptyValues,
  keepDaysOf,
  labelOf,
  minPeriodOf,
  modeOf,
  payloadOf,
  recordIdOf,
  sameValues,
  totalsOf,
  valuesFromQuery,
  valuesFromRecord,
  type TargetValues,
} from '@/app/features/sales-target/target-form-logic';

const q = (s: string) => new URLSearchParams(s);

const detail = (over: Partial<SalesTargetRecord['salesTargetDetailEntities'][number]>) => ({
  id: 1,
  salesTargetId: 7,
  date: '',
  productId: null,
  productName: '',
  modelId: null,
  modelName: '',
  targetQuantity: 0,
  targetAmount: 0,
  corporatAmount: 0,
  offlineAmount: 0,
  isDisabled: false,
  ...over,
});

const record = (over: Partial<SalesTargetRecord>): SalesTargetRecord => ({
  id: 7,
  year: 2026,
  month: 12,
  rule: 1,
  country: 'TW',
  countryName: 'Taiwan',
  oihTargetAmount: 0,
  oihCorporateAmount: 0,
  brandCollaboration: 0,
  webSales: 0,
  headOffice: 0,
  totalQuantity: 0,
  totalAmount: 0,
  isDisabled: false,
  dataStatus: 0,
  recordStatus: 1,
  version: 3,
  addUserNumber: 'tw.sales',
  addTime: '2026-11-01T00:00:00Z',
  salesTargetDetailEntities: [],
  ...over,
});

const filled = (over: Partial<TargetValues>): TargetValues => ({ ...emptyValues(), year: 2026, month: 12, rule: 1, country: 'TW', ...over });

describe('form mode from the query', () => {
  it('reads operate, and readonly=true always means a read-only query', () => {
    expect(modeOf(q('id=0&operate=add&readonly=false'))).toBe('add');
    expect(modeOf(q('id=5&operate=edit&readonly=false'))).toBe('edit');
    expect(modeOf(q('id=5&operate=copy&readonly=false'))).toBe('copy');
    expect(modeOf(q('id=5&operate=query&readonly=true'))).toBe('query');
    expect(modeOf(q('id=5&operate=edit&readonly=true'))).toBe('query');
    expect(modeOf(q('id=5'))).toBe('edit');
    expect(modeOf(q(''))).toBe('add');
    expect(recordIdOf(q('Id=12'))).toBe(12);
    expect(recordIdOf(q('id=abc'))).toBe(0);
  });

  it('takes the keys and extras of the list link before the record loads', () => {
    const v = valuesFromQuery(q('id=5&year=2026&month=11&country=HK&rule=2&brandCollaboration=10&webSales=0&headOffice=x'));
    expect(v).toMatchObject({ year: 2026, month: 11, country: 'HK', rule: 2, brandCollaboration: '10', webSales: '', headOffice: '' });
    expect(valuesFromQuery(q('rule=3&month=13')).rule).toBeNull();
    expect(valuesFromQuery(q('rule=3&month=13')).month).toBeNull();
  });

  it('uses one draft key per mode and record', () => {
    expect(draftKeyOf('add', 0)).toBe('salesTarget:add:new');
    expect(draftKeyOf('edit', 9)).toBe('salesTarget:edit:9');
    expect(draftKeyOf('copy', 9)).toBe('salesTarget:copy:9');
    expect(draftKeyOf('query', 9)).toBeNull();
  });
});

describe('a loaded record and its copy', () => {
  it('puts rule-1 rows into the table and rule-2 rows into calendar days', () => {
    const r1 = valuesFromRecord(record({ salesTargetDetailEntities: [detail({ id: 11, productId: 3, productName: 'P3', targetQuantity: 40, isDisabled: true })] }));
    expect(r1.rows).toMatchObject([{ id: 11, productId: 3, productName: 'P3', targetQuantity: '40', isDisabled: true }]);
    expect(r1.version).toBe(3);
    const r2 = valuesFromRecord(
      record({
        rule: 2,
        brandCollaboration: 5,
        salesTargetDetailEntities: [detail({ id: 21, date: '3', corporatAmount: 100.5, offlineAmount: 0 }), detail({ id: 22, date: '31', corporatAmount: 1, offlineAmount: 2 })],
      }),
    );
    expect(r2.days).toEqual({ '03': { corporate: '100.5', offline: '' }, '31': { corporate: '1', offline: '2' } });
    expect(r2.dayIds).toEqual({ '03': 21, '31': 22 });
    expect(r2.brandCollaboration).toBe('5');
  });

  it('copies into next month as a new draft without ids or version; days the new month lacks are dropped', () => {
    const v = valuesFromRecord(
      record({ rule: 2, dataStatus: 1, month: 12, salesTargetDetailEntities: [detail({ id: 21, date: '31', corporatAmount: 9 })] }),
    );
    const c = copyOf(v);
    expect(c).toMatchObject({ id: 0, year: 2027, month: 1, dataStatus: 0, version: undefined, dayIds: {} });
    expect(c.days).toEqual({ '31': { corporate: '9', offline: '' } });
    const jan = valuesFromRecord(record({ rule: 2, month: 1, salesTargetDetailEntities: [detail({ date: '31', corporatAmount: 9 }), detail({ date: '28', corporatAmount: 1 })] }));
    expect(Object.keys(copyOf(jan).days)).toEqual(['28']);
    const rows = copyOf(valuesFromRecord(record({ salesTargetDetailEntities: [detail({ id: 11, productId: 3, targetQuantity: 4 })] }))).rows;
    expect(rows.map((r) => [r.id, r.productId])).toEqual([[0, 3]]);
  });

  it('keeps only days that exist in the month', () => {
    expect(Object.keys(keepDaysOf({ '28': 1, '29': 1, '30': 1 }, 2027, 2))).toEqual(['28']);
    expect(Object.keys(keepDaysOf({ '29': 1 }, 2028, 2))).toEqual(['29']);
  });
});

describe('checks before a save', () => {
  it('requires year, month, rule and country', () => {
    expect(checkValues(emptyValues())).toEqual({ ok: false, missing: ['year', 'month', 'rule', 'country'] });
    expect(checkValues(filled({ country: '' }))).toMatchObject({ ok: false, missing: ['country'] });
  });

  it('refuses rule 1 without rows or with a row without product (detailError), and a zero quantity (zeroMessage)', () => {
    expect(checkValues(filled({ rows: [] }))).toMatchObject({ ok: false, message: 'detailError' });
    expect(checkValues(filled({ rows: [{ ...emptyRow(), targetQuantity: '5' }] }))).toMatchObject({ ok: false, message: 'detailError' });
    expect(checkValues(filled({ rows: [{ ...emptyRow(), productId: 3, targetQuantity: '' }] }))).toMatchObject({ ok: false, message: 'zeroMessage' });
    expect(checkValues(filled({ rows: [{ ...emptyRow(), productId: 3, targetQuantity: '0' }] }))).toMatchObject({ ok: false, message: 'zeroMessage' });
    expect(checkValues(filled({ rows: [{ ...emptyRow(), productId: 3, targetQuantity: '12' }] }))).toEqual({ ok: true });
  });

  it('refuses rule 2 with a day whose corporate plus offline amount is zero (zeroMessage)', () => {
    expect(checkValues(filled({ rule: 2, days: { '03': { corporate: '', offline: '0' } } }))).toMatchObject({ ok: false, message: 'zeroMessage' });
    expect(checkValues(filled({ rule: 2, days: { '03': { corporate: '', offline: '0.01' } } }))).toEqual({ ok: true });
    expect(checkValues(filled({ rule: 2, days: {} }))).toEqual({ ok: true });
  });
});

describe('the payload saveEntry sends', () => {
  const amount = filled({
    id: 7,
    version: 3,
    rule: 2,
    oihTargetAmount: '1000',
    brandCollaboration: '10.5',
    webSales: '20',
    headOffice: '0.25',
    days: { '10': { corporate: '5', offline: '2.5' }, '02': { corporate: '1', offline: '' } },
    dayIds: { '10': 31 },
    rows: [{ ...emptyRow(), productId: 3, targetQuantity: '9' }],
  });

  it('sends only the chosen rule rows, days in order with their saved ids, and the amounts as numbers', () => {
    const p = payloadOf(amount, { extras: true });
    expect(p.salesTargetDetailEntities).toEqual([
      { id: 0, date: '02', targetQuantity: 0, targetAmount: 1, corporatAmount: 1, offlineAmount: 0, isDisabled: false },
      { id: 31, date: '10', targetQuantity: 0, targetAmount: 7.5, corporatAmount: 5, offlineAmount: 2.5, isDisabled: false },
    ]);
    expect(p).toMatchObject({ id: 7, version: 3, rule: 2, oihTargetAmount: 1000, oihCorporateAmount: 30.75, brandCollaboration: 10.5, webSales: 20, headOffice: 0.25 });
    // The contract accepts it as it is.
    expect(salesTargetForm.safeParse(p).success).toBe(true);
  });

  it('leaves the extras at 0 without the extras permission or under rule 1', () => {
    expect(payloadOf(amount, { extras: false })).toMatchObject({ oihTargetAmount: 0, oihCorporateAmount: 0, brandCollaboration: 0, webSales: 0, headOffice: 0 });
    const q1 = payloadOf({ ...amount, rule: 1 }, { extras: true });
    expect(q1).toMatchObject({ oihTargetAmount: 0, brandCollaboration: 0 });
    expect(q1.salesTargetDetailEntities).toEqual([
      { id: 0, date: '', productId: 3, targetQuantity: 9, targetAmount: 0, corporatAmount: 0, offlineAmount: 0, isDisabled: false },
    ]);
  });

  it('sends no version for a new target, and labels the entry "country YYYY-MM R<rule>"', () => {
    expect(payloadOf({ ...amount, id: 0 }, { extras: false }).version).toBeUndefined();
    expect(labelOf(amount)).toBe('TW 2026-12 R2');
  });

  it('computes the corporate amount as brand collaboration + web sales + head office, and the totals', () => {
    expect(corporateOf({ brandCollaboration: '0.1', webSales: '0.2', headOffice: '' })).toBe(0.3);
    expect(totalsOf(amount)).toEqual({ quantity: 9, corporate: 6, offline: 2.5, combined: 8.5 });
  });

  it('sees a change, but not new React row keys, as a difference', () => {
    const a = filled({ rows: [{ ...emptyRow(), productId: 3 }] });
    expect(sameValues(a, { ...a, rows: a.rows.map((r) => ({ ...r, key: 'other' })) })).toBe(true);
    expect(sameValues(a, { ...a, month: 1 })).toBe(false);
  });
});

describe('list actions and local rows', () => {
  it('offers Edit for drafts, or always to holders of "may always edit"', () => {
    expect(mayEdit({ dataStatus: 0 }, false)).toBe(true);
    expect(mayEdit({ dataStatus: 1 }, false)).toBe(false);
    expect(mayEdit({ dataStatus: 2 }, false)).toBe(false);
    expect(mayEdit({ dataStatus: 1 }, true)).toBe(true);
  });

  it('offers Release only for rule-1 drafts in the normal record state', () => {
    expect(mayRelease({ dataStatus: 0, rule: 1, recordStatus: 1 })).toBe(true);
    expect(mayRelease({ dataStatus: 0, rule: 2, recordStatus: 1 })).toBe(false);
    expect(mayRelease({ dataStatus: 1, rule: 1, recordStatus: 1 })).toBe(false);
    expect(mayRelease({ dataStatus: 0, rule: 1, recordStatus: 0 })).toBe(false);
  });

  it('totals a queued payload over its enabled rows', () => {
    const p = payloadOf(filled({ rule: 1, rows: [{ ...emptyRow(), productId: 1, targetQuantity: '4' }, { ...emptyRow(), productId: 2, targetQuantity: '6', isDisabled: true }] }), { extras: false });
    expect(payloadTotals(p)).toEqual({ quantity: 4, amount: 0 });
  });
});

describe('month picker minimum', () => {
  it("is yesterday's month: on the 1st the previous month is still allowed", () => {
    expect(minPeriodOf(new Date(2026, 0, 1, 10))).toEqual({ year: 2025, month: 12 });
    expect(minPeriodOf(new Date(2026, 4, 15, 10))).toEqual({ year: 2026, month: 5 });
  });
});
