// Currency calls (spec part 2 §2 Currencies, §7). addcurrency: id 0 adds, a positive id edits.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optText, recordId, reqBool, reqText } from './fields';

export const currencyItem = z.object({
  id: z.number(),
  currency: z.string(),
  /** The upper-cased currency code, made by the server on add and fixed afterwards (products refer to it). */
  currencyNumber: z.string(),
  remarks: z.string(),
  isDisabled: z.boolean(),
});
export type CurrencyItem = z.infer<typeof currencyItem>;

export const currencyLookupItem = currencyItem.pick({ id: true, currency: true, currencyNumber: true });
export type CurrencyLookupItem = z.infer<typeof currencyLookupItem>;

export const currencyForm = z.object({
  id: id.default(0),
  currency: reqText(20),
  remarks: optText,
});
export type CurrencyForm = z.infer<typeof currencyForm>;

/** `currency` filters by currency or number, case-insensitive contains. */
export const getCurrencyPage = get(
  '/api/Currency/getcurrencypage',
  listParams.extend({ isDisabled: optBool, currency: optText }),
  listResult(currencyItem),
);

/** Enabled currencies (all with isAll), by currency. */
export const getCurrencyList = get(
  '/api/currency/getcurrencylist',
  z.object({ keyword: optText, isAll: optBool }),
  z.array(currencyLookupItem),
);

export const getCurrencyById = get('/api/Currency/getcurrencybyid', z.object({ id: recordId }), currencyItem);

export const addCurrency = post('/api/Currency/addcurrency', currencyForm, currencyItem);

export const disabledCurrency = post(
  '/api/Currency/disabledcurrency',
  z.object({ id: recordId, currency: optText, isDisabled: reqBool }),
  none,
);
