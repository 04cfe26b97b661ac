// @vitest-environment jsdom
// The sales forms' value mappings (spec part 1 §2, §5; DESIGN §6–§7): what the weekly and period forms send, what they
// make of a loaded record and of a stored draft, and the month move of /EditWeekSalesData.
import { describe, expect, it } from 'vitest';
import { calendarTotals } from '@/app/components/sales/month-calendar';
import { intParam, readEntryQuery } from '@/app/components/sales/entry-query';
import { amountOf, isAmountText, isQuantityText, quantityOf } from '@/app/components/sales/amounts';
import { beforePeriod, yearChoices } from '@/app/components/sales/year-month-fields';
import { lockedCountry } from '@/app/components/sales/country-select';
import { movedPayload, weekPayload, weekValuesFrom, weekValuesOf, type WeekValues } from '@/app/features/week-sales/week-sales-logic';
import { payloadOf, payloadTotals, valuesFrom, valuesOf, type GridRow, type SalesDataValues } from '@/app/features/sales-data/sales-data-logic';
import { salesDataForm, weekSalesForm, type SalesDataRecord, type WeekSalesRecord } from '@/shared/contracts/sales-data';

const weekRecord = (over: Partial<WeekSalesRecord> = {}): WeekSalesRecord => ({
  id: 7,
  country: 'TW',
  countryName: 'Taiwan',
  yearS: 2026,
  monthS: 3,
  datePeriod: '2026-03',
  weekAmount: 1520.5,
  releaseStatus: 0,
  version: 4,
  addUserNumber: 'tw.sales',
  addTime: '2026-03-02T00:00:00.000Z',
  // March 2026 has five Sundays: 1, 8, 15, 22, 29.
  salesDataDetailEntities: [
    { id: 1, salesDataId: 7, salesDataDetailSubs: [{ salesDataDate: '2026-03-01', uploadAmount: 1500.5 }] },
    { id: 2, salesDataId: 7, salesDataDetailSubs: [{ salesDataDate: '2026-03-08', uploadAmount: 20 }] },
    { id: 3, salesDataId: 7, salesDataDetailSubs: [{ salesDataDate: '2026-03-29', uploadAmount: 0 }] },
  ],
  ...over,
});

describe('entry inputs', () => {
  it('accept digits with at most two decimals for amounts and digits only for quantities', () => {
    expect(['', '0', '12', '12.', '12.3', '12.34'].every(isAmountText)).toBe(true);
    expect(['12.345', '-1', '1e3', 'abc', '1.2.3'].some(isAmountText)).toBe(false);
    expect(['', '0', '123'].every(isQuantityText)).toBe(true);
    expect(['1.5', '-1', 'x'].some(isQuantityText)).toBe(false);
    expect([amountOf(''), amountOf('.'), amountOf('12.34'), quantityOf(''), quantityOf('7')]).toEqual([0, 0, 12.34, 0, 7]);
  });

  it('reads the form query case-insensitively; query mode and readonly=true are read-only', () => {
    const q = readEntryQuery(new URLSearchParams('Id=12&OPERATE=query&yearS=2026'));
    expect([q.id, q.operate, q.readOnly, q.get('years'), q.get('month')]).toEqual([12, 'query', true, '2026', '']);
    expect(readEntryQuery(new URLSearchParams('id=3&readonly=true&operate=edit')).readOnly).toBe(true);
    expect(readEntryQuery(new URLSearchParams('id=0&operate=add&readonly=false'))).toMatchObject({ id: 0, operate: 'add', readOnly: false });
    expect(readEntryQuery(new URLSearchParams('id=abc')).id).toBe(0);
    expect([intParam('13', 1, 12), intParam('07', 1, 12), intParam('x', 1, 12)]).toEqual([null, 7, null]);
  });

  it('refuses months before the minimum period and offers no year before it', () => {
    const min = { year: 2026, month: 10 };
    expect([beforePeriod(2026, 9, min), beforePeriod(2026, 10, min), beforePeriod(2025, 12, min), beforePeriod(2027, 1, min)]).toEqual([true, false, true, false]);
    expect(yearChoices(2026, 2, 1, 2026)).toEqual([2026, 2027]);
    // A loaded record's year outside the range stays choosable.
    expect(yearChoices(2026, 1, 0, undefined, [2019])).toEqual([2019, 2025, 2026]);
  });

  it('locks subsidiary users to their own company, not admin, head office or users without a company', () => {
    expect(lockedCountry({ number: 'tw.sales', companyNumber: 'TW' })).toBe('TW');
    expect(lockedCountry({ number: 'oih.analyst', companyNumber: 'OIH' })).toBeNull();
    expect(lockedCountry({ number: 'admin', companyNumber: 'TW' })).toBeNull();
    expect(lockedCountry({ number: 'x', companyNumber: null })).toBeNull();
  });

  it('totals a calendar to cents, over the active days when given', () => {
    const values = { '01': { corporate: '10.10', offline: '0.2' }, '02': { corporate: '5', offline: '' }, '03': { corporate: '', offline: '1.05' } };
    expect(calendarTotals(values)).toEqual({ corporate: 15.1, offline: 1.25, total: 16.35 });
    expect(calendarTotals(values, ['01', '03'])).toEqual({ corporate: 10.1, offline: 1.25, total: 11.35 });
  });
});

describe('weekly sales', () => {
  it('sends one detail row per Sunday of the month, a valid save body', () => {
    const v: WeekValues & { year: number; month: number } = { year: 2026, month: 2, country: 'TW', amounts: { '2026-02-01': '12.5', '2026-02-15': '3' } };
    const p = weekPayload(v, 0);
    expect(p.salesDataDetailEntities?.map((d) => d.salesDataDetailSubs[0])).toEqual([
      { salesDataDate: '2026-02-01', uploadAmount: 12.5 },
      { salesDataDate: '2026-02-08', uploadAmount: 0 },
      { salesDataDate: '2026-02-15', uploadAmount: 3 },
      { salesDataDate: '2026-02-22', uploadAmount: 0 },
    ]);
    expect(weekSalesForm.safeParse(p).success).toBe(true);
    expect(weekPayload(v, 9, 4)).toMatchObject({ id: 9, version: 4 });
  });

  it('loads a record into the form and keeps what fits from a stored draft', () => {
    const v = weekValuesOf(weekRecord());
    expect(v).toEqual({ year: 2026, month: 3, country: 'TW', amounts: { '2026-03-01': '1500.5', '2026-03-08': '20', '2026-03-29': '' } });
    expect(weekValuesFrom({ month: 13, country: 5, amounts: { '2026-03-15': '7', bad: 3 } }, v)).toEqual({
      ...v,
      amounts: { ...v.amounts, '2026-03-15': '7' },
    });
    expect(weekValuesFrom(null, v)).toEqual(v);
  });

  it('moves a record Sunday by Sunday, and refuses a month that would drop a non-zero amount', () => {
    // April 2026 has four Sundays; the record's fifth (29 March) holds 0, so nothing is lost.
    const april = movedPayload(weekRecord(), 2026, 4);
    expect(april?.salesDataDetailEntities?.map((d) => d.salesDataDetailSubs[0])).toEqual([
      { salesDataDate: '2026-04-05', uploadAmount: 1500.5 },
      { salesDataDate: '2026-04-12', uploadAmount: 20 },
      { salesDataDate: '2026-04-19', uploadAmount: 0 },
      { salesDataDate: '2026-04-26', uploadAmount: 0 },
    ]);
    expect(april).toMatchObject({ id: 7, version: 4, country: 'TW', yearS: 2026, monthS: 4 });
    const full = weekRecord({
      salesDataDetailEntities: ['01', '08', '15', '22', '29'].map((d, i) => ({ id: i, salesDataId: 7, salesDataDetailSubs: [{ salesDataDate: `2026-03-${d}`, uploadAmount: 1 }] })),
    });
    expect(movedPayload(full, 2026, 4)).toBeNull();
    expect(movedPayload(full, 2026, 5)?.salesDataDetailEntities).toHaveLength(5);
  });
});

describe('period sales data', () => {
  const base: SalesDataValues = { year: 2026, month: 2, country: 'TW', rules: 1, rows: [], calendar: {}, amountRowId: 0 };

  it('sends rule-1 rows with their non-empty days, a valid save body', () => {
    const rows: GridRow[] = [
        { key: 'a', id: 0, productId: 5, productCode: 'CHAIR A', isDisabled: false, qty: { '03': '12', '04': '', '30': '9' } },
        { key: 'b', id: 8, productId: 6, productCode: 'CHAIR B', isDisabled: true, qty: { '01': '3' } },
    ];
    const p = payloadOf({ ...base, year: 2026, month: 2, rows }, 0);
    // 30 February is no day of the month: not sent.
    expect(p.salesDataDetailEntities).toEqual([
      { id: 0, productId: 5, isDisabled: false, salesDataDetailSubs: [{ salesDataDate: '2026-02-03', uploadQuantity: 12, onlineAmount: 0, retailAmount: 0 }] },
      { id: 8, productId: 6, isDisabled: true, salesDataDetailSubs: [{ salesDataDate: '2026-02-01', uploadQuantity: 3, onlineAmount: 0, retailAmount: 0 }] },
    ]);
    expect(p).toMatchObject({ id: 0, datePeriod: '2026-02', country: 'TW', rules: 1 });
    expect(salesDataForm.safeParse(p).success).toBe(true);
    // The list's row on this device counts enabled rows only.
    expect(payloadTotals(p)).toEqual({ quantity: 12, amount: 0 });
  });

  it('sends rule 2 as one row without a model, corporate as online and offline as retail', () => {
    const v = { ...base, year: 2026, month: 2, rules: 2 as const, amountRowId: 44, calendar: { '01': { corporate: '10.5', offline: '2' }, '02': { corporate: '', offline: '' } } };
    const p = payloadOf(v, 3, 9);
    expect(p.salesDataDetailEntities).toEqual([
      { id: 44, salesDataDetailSubs: [{ salesDataDate: '2026-02-01', uploadQuantity: 0, onlineAmount: 10.5, retailAmount: 2 }] },
    ]);
    expect(p).toMatchObject({ id: 3, version: 9, rules: 2 });
    expect(salesDataForm.safeParse(p).success).toBe(true);
    expect(payloadTotals(p)).toEqual({ quantity: 0, amount: 12.5 });
  });

  it('loads both rules from a record and drops unusable rows of a stored draft', () => {
    const record: SalesDataRecord = {
      id: 3,
      datePeriod: '2026-02',
      country: 'MY',
      countryName: 'Malaysia',
      rules: 2,
      yearS: 2026,
      monthS: 2,
      sumQuantity: 0,
      sumAmount: 12.5,
      isDisabled: false,
      version: 2,
      addUserNumber: null,
      addTime: '2026-02-01T00:00:00.000Z',
      salesDataDetailEntities: [
        {
          id: 44,
          salesDataId: 3,
          productId: null,
          productCode: '',
          isDisabled: false,
          salesDataDetailSubs: [{ id: 1, salesDataDetailId: 44, salesDataDate: '2026-02-01', uploadQuantity: 0, uploadAmount: 12.5, onlineAmount: 10.5, retailAmount: 2 }],
        },
      ],
    };
    const v = valuesOf(record);
    expect(v).toMatchObject({ year: 2026, month: 2, country: 'MY', rules: 2, amountRowId: 44, rows: [], calendar: { '01': { corporate: '10.5', offline: '2' } } });
    const restored = valuesFrom({ rules: 1, rows: [{ productId: 5, productCode: 'X', qty: { '01': '4' } }, { productId: 'no' }, 'junk'] }, v);
    expect(restored.rules).toBe(1);
    expect(restored.rows.map((r) => [r.id, r.productId, r.productCode, r.isDisabled, r.qty])).toEqual([[0, 5, 'X', false, { '01': '4' }]]);
    expect(restored.calendar).toEqual(v.calendar);
  });
});
