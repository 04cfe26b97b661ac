// The exchange-rate screens' pure rules (spec part 1 §2, §9; DESIGN §7) and the crud kit's month and read-only
// filters they declare: the add link carries the list's month; a new company brings its usual local currency only
// when the field was following the company; a read-only filter is neither in the URL state nor sent.
import { describe, expect, it } from 'vitest';
import { filterDefaults, filterParams, type FilterDef } from '@/app/components/crud/filters';
import { addLink, currentPeriod, editLink, followCurrency, formatRate, latestCurrencies, validPeriod } from '@/app/features/exchange-rate/exchange-rate-logic';

describe('exchange-rate links and formats', () => {
  it('starts the add form on the list month, or on none when the month is not one', () => {
    expect(addLink('2027-03')).toBe('/ExchangeRateAdd?id=0&yearmonthcondition=2027-03');
    expect(addLink('')).toBe('/ExchangeRateAdd?id=0&yearmonthcondition=');
    expect(addLink('2027-13')).toBe('/ExchangeRateAdd?id=0&yearmonthcondition=');
    expect(editLink(42)).toBe('/ExchangeRateEdit?Id=42');
  });

  it('reads YYYY-MM months only, and knows this month', () => {
    expect(validPeriod(' 2026-01 ')).toBe('2026-01');
    for (const bad of ['2026-1', '2026-00', 'abc', '', null, undefined]) expect(validPeriod(bad)).toBe('');
    expect(currentPeriod(new Date(2026, 0, 31))).toBe('2026-01');
    expect(currentPeriod(new Date(2026, 11, 1))).toBe('2026-12');
  });

  it('shows every stored decimal of a rate, grouped, without trailing zeros', () => {
    expect(formatRate(4.512345)).toBe('4.512345');
    expect(formatRate(4.6)).toBe('4.6');
    expect(formatRate(1)).toBe('1');
    expect(formatRate(12345.5)).toBe('12,345.5');
    expect(formatRate(null)).toBe('');
  });
});

describe('the local currency follows the company', () => {
  const usual = latestCurrencies([
    { country: 'TW', locCurrency: 'TWD' },
    { country: 'SG', locCurrency: 'SGD' },
    // An older rate of TW in another currency: the newest (first) wins.
    { country: 'TW', locCurrency: 'USD' },
  ]);

  it("takes each company's newest rate's currency", () => {
    expect([...usual.entries()]).toEqual([
      ['TW', 'TWD'],
      ['SG', 'SGD'],
    ]);
  });

  it('fills an empty field, and follows a company change while it holds the previous usual currency', () => {
    expect(followCurrency('', 'TW', '', usual)).toBe('TWD');
    expect(followCurrency('TW', 'SG', 'TWD', usual)).toBe('SGD');
    expect(followCurrency('TW', 'SG', 'twd', usual)).toBe('SGD');
  });

  it("keeps the user's own choice, and drops a followed currency for a company without rates", () => {
    expect(followCurrency('TW', 'SG', 'USD', usual)).toBe('USD');
    expect(followCurrency('', 'SG', 'USD', usual)).toBe('USD');
    expect(followCurrency('TW', 'AU', 'TWD', usual)).toBe('');
    expect(followCurrency('', 'AU', '', usual)).toBe('');
  });
});

describe('month and read-only filters', () => {
  const filters: FilterDef[] = [
    { kind: 'month', key: 'yearMonth', param: 'keyword', label: 'x', default: '2026-11', clearable: true },
    { kind: 'readonly', key: 'oriCurrency', label: 'y', value: 'RMB' },
  ];

  it('keep the month in the state and send it as its parameter; the read-only value is neither', () => {
    expect(filterDefaults(filters)).toEqual({ yearMonth: '2026-11' });
    expect(filterParams(filters, { yearMonth: '2027-03', oriCurrency: 'RMB' })).toEqual({ keyword: '2027-03' });
    // Cleared: every month.
    expect(filterParams(filters, { yearMonth: '' })).toEqual({ keyword: undefined });
  });
});
