// The shared cron rules of the scheduled tasks (shared/domain/cron.ts): which expressions a task may be saved with,
// and the next fire times across month ends, leap days and daylight-saving changes in a named time zone.
import { describe, expect, it } from 'vitest';
import { checkCron, nextFireTime, nextFireTimes } from '@/shared/domain/cron';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('checkCron', () => {
  it.each(['0 8 * * *', '0 8 * * 1', '0 8 * * MON', '*/5 * * * *', '*/1 * * * * *', '0 0 8 * * *', '0 0 29 2 *', '0 30 9 1-5 * *', '0 0 L * *'])(
    'accepts %s',
    (expr) => {
      expect(checkCron(expr)).toEqual({ ok: true });
    },
  );

  it.each(['', '   ', 'bad', '0 8 * *', '61 * * * *', '* 24 * * *', '0 0 32 * *', '0 0 * 13 *', '0 0 * * 8', '* * * * * * *', '@daily', 'a b c d e', '0 8 * * * * 2030'])(
    'refuses %j as invalid',
    (expr) => {
      expect(checkCron(expr)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it.each(['0 0 30 2 *', '0 0 31 4 *', '0 0 0 31 11 *', '0 0 31 2,4,6 *'])('refuses %s as never firing', (expr) => {
    expect(checkCron(expr)).toEqual({ ok: false, reason: 'neverFires' });
  });

  it('refuses an over-long expression', () => {
    expect(checkCron(`0 ${'1,'.repeat(70)}1 * * *`)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('nextFireTimes', () => {
  it('gives times strictly after the start, in order', () => {
    expect(iso(nextFireTimes('0 8 * * *', new Date('2026-02-01T08:00:00Z'), 2, 'UTC'))).toEqual([
      '2026-02-02T08:00:00.000Z',
      '2026-02-03T08:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 8 * * *', new Date('2026-02-01T07:59:59.500Z'), 1, 'UTC'))).toEqual(['2026-02-01T08:00:00.000Z']);
  });

  it('steps by seconds with six fields', () => {
    expect(iso(nextFireTimes('*/1 * * * * *', new Date('2026-12-31T23:59:58.200Z'), 3, 'UTC'))).toEqual([
      '2026-12-31T23:59:59.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-01-01T00:00:01.000Z',
    ]);
  });

  it('crosses month ends (day 31 skips the short months; L is the last day)', () => {
    expect(iso(nextFireTimes('0 12 31 * *', new Date('2026-01-31T13:00:00Z'), 3, 'UTC'))).toEqual([
      '2026-03-31T12:00:00.000Z',
      '2026-05-31T12:00:00.000Z',
      '2026-07-31T12:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 L * *', new Date('2026-01-15T00:00:00Z'), 3, 'UTC'))).toEqual([
      '2026-01-31T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 0 L * *', new Date('2028-02-01T00:00:00Z'), 1, 'UTC'))).toEqual(['2028-02-29T00:00:00.000Z']);
  });

  it('finds leap days only in leap years', () => {
    expect(iso(nextFireTimes('0 0 29 2 *', new Date('2026-03-01T00:00:00Z'), 3, 'UTC'))).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2032-02-29T00:00:00.000Z',
      '2036-02-29T00:00:00.000Z',
    ]);
    // 2100 is not a leap year.
    expect(iso(nextFireTimes('0 0 29 2 *', new Date('2096-03-01T00:00:00Z'), 1, 'UTC'))).toEqual(['2104-02-29T00:00:00.000Z']);
  });

  it('keeps the local hour across the daylight-saving changes of America/New_York', () => {
    // Spring forward on 2026-03-08 (EST UTC-5 → EDT UTC-4); fall back on 2026-11-01.
    expect(iso(nextFireTimes('0 8 * * *', new Date('2026-03-07T00:00:00Z'), 3, 'America/New_York'))).toEqual([
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
    ]);
    expect(iso(nextFireTimes('0 8 * * *', new Date('2026-10-31T00:00:00Z'), 3, 'America/New_York'))).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
  });

  it('fires once on a skipped local hour in Europe/London and keeps the hour after', () => {
    // 2026-03-29 01:00 GMT → 02:00 BST: 01:30 local does not exist that day.
    const times = nextFireTimes('30 1 * * *', new Date('2026-03-28T00:00:00Z'), 3, 'Europe/London');
    expect(times).toHaveLength(3);
    expect(times[0]!.toISOString()).toBe('2026-03-28T01:30:00.000Z');
    expect(times[1]!.getTime()).toBeGreaterThan(times[0]!.getTime());
    expect(times[1]!.getTime()).toBeLessThan(new Date('2026-03-30T00:00:00Z').getTime());
    expect(times[2]!.toISOString()).toBe('2026-03-30T00:30:00.000Z');
    // Mondays 08:00 across the autumn change (2026-10-25): 08:00 BST, then 08:00 GMT.
    expect(iso(nextFireTimes('0 8 * * 1', new Date('2026-10-17T00:00:00Z'), 2, 'Europe/London'))).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('is empty for a refused or never-firing expression and for no count', () => {
    expect(nextFireTimes('bad', new Date(), 3)).toEqual([]);
    expect(nextFireTimes('0 0 30 2 *', new Date(), 3)).toEqual([]);
    expect(nextFireTimes('0 8 * * *', new Date(), 0)).toEqual([]);
    expect(nextFireTime('0 0 30 2 *', new Date())).toBeNull();
    expect(nextFireTime('0 8 * * *', new Date('2026-02-01T00:00:00Z'), 'UTC')?.toISOString()).toBe('2026-02-01T08:00:00.000Z');
  });
});
