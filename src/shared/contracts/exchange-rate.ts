// Exchange-rate calls (spec part 1 §2 ExchangeRateList/Add/Edit, §7; DESIGN §7): one rate per year-month, company and
// currency pair, in local units per 1 RMB. addexchangerate: id 0 adds (a second rate for the same key is refused with
// dataDuplication), a positive id edits. Reads and writes are country-scoped.
import { z } from 'zod';
import { get, listParams, listResult, post } from './endpoint';
import { decimal, id, optText, recordId, reqText } from './fields';
import { baseVersion, countryText, periodText } from './sales-data';

/** The reporting currency: every rate converts from it (spec: original currency, default and read-only RMB). */
export const REPORT_CURRENCY = 'RMB';
/** A rate: positive, at most 6 decimals, below a million local units per RMB. */
export const RATE_MAX = 999_999.999999;
export const rateValue = decimal(0.000001, RATE_MAX).refine((v) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-6, { message: 'decimals' });

export const exchangeRateItem = z.object({
  id: z.number(),
  /** YYYY-MM */
  yearMonth: z.string(),
  /** The company number. */
  country: z.string(),
  countryName: z.string(),
  oriCurrency: z.string(),
  locCurrency: z.string(),
  exchangerate: z.number(),
  /** Bumped by every edit; an edit carrying an older one is refused (staleVersion), as for the sales records. */
  version: z.number(),
  addUserNumber: z.string().nullable(),
  addTime: z.string(),
});
export type ExchangeRateItem = z.infer<typeof exchangeRateItem>;

/** keyword: the year-month (YYYY-MM); blank lists every month. */
export const getExchangeRatePage = get(
  '/api/ExchangeRate/getexchangeratepage',
  listParams.extend({ keyword: optText }),
  listResult(exchangeRateItem),
);

export const getExchangeRateById = get('/api/ExchangeRate/getexchangeratebyid', z.object({ id: recordId }), exchangeRateItem);

export const exchangeRateForm = z.object({
  id: id.default(0),
  yearMonth: periodText,
  country: countryText,
  /** Always RMB; any other value is refused on the field. */
  oriCurrency: z.string().trim().default(REPORT_CURRENCY),
  locCurrency: reqText(20),
  exchangerate: rateValue,
  /** On edit, the version the form loaded: a different stored one is refused (staleVersion); missing = no check. */
  version: baseVersion,
});
export type ExchangeRateFormInput = z.input<typeof exchangeRateForm>;

export const addExchangeRate = post('/api/ExchangeRate/addexchangerate', exchangeRateForm, exchangeRateItem);
