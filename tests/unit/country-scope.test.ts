// Country scope (DESIGN §5; spec part 1 §6): admin all, head office all but HK, others their own company.
import { describe, expect, it } from 'vitest';
import { allowedCompanies, clampCountry } from '@/shared/domain/country-scope';

const all = ['OIH', 'HK', 'TW', 'SG', 'MY', 'AU', 'FAC'];

describe('allowedCompanies', () => {
  it('gives admin every company', () => {
    expect(allowedCompanies({ number: 'admin', companyNumber: 'OIH' }, all)).toEqual(all);
    expect(allowedCompanies({ number: 'ADMIN', companyNumber: null }, all)).toEqual(all);
  });
  it('gives a head-office user every company except HK', () => {
    expect(allowedCompanies({ number: 'oih.analyst', companyNumber: 'OIH' }, all)).toEqual(['OIH', 'TW', 'SG', 'MY', 'AU', 'FAC']);
  });
  it('gives anyone else only their own company', () => {
    expect(allowedCompanies({ number: 'tw.sales', companyNumber: 'TW' }, all)).toEqual(['TW']);
    expect(allowedCompanies({ number: 'hk.sales', companyNumber: 'hk' }, all)).toEqual(['HK']);
    expect(allowedCompanies({ number: 'nobody', companyNumber: null }, all)).toEqual([]);
  });
});

describe('clampCountry', () => {
  it('keeps an allowed choice and falls back to the own company otherwise', () => {
    expect(clampCountry({ number: 'x', companyNumber: 'TW' }, ['TW'], 'tw')).toBe('tw');
    expect(clampCountry({ number: 'x', companyNumber: 'TW' }, ['TW'], 'HK')).toBe('TW');
    expect(clampCountry({ number: 'x', companyNumber: 'TW' }, ['TW'], '')).toBe('TW');
  });
});
