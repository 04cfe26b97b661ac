// Sales target calls (spec part 1 §2, §3, §7; DESIGN §5, §7). One target per year, month, rule and country (hasTarget);
// draft until released; released targets are read-only except for holders of the "may always edit" permission; the
// amount-rule extras are taken only from holders of the extras permission. Saves reply with the stored record.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, int, money, optBool, optInt, optText, recordId, reqBool } from './fields';
import { baseVersion, countryText, monthInt, quantity, yearInt } from './sales-data';

export const salesTargetItem = z.object({
  id: z.number(),
  year: z.number(),
  month: z.number(),
  /** 1 quantity, 2 amount. */
  rule: z.number(),
  country: z.string(),
  countryName: z.string(),
  oihTargetAmount: z.number(),
  oihCorporateAmount: z.number(),
  brandCollaboration: z.number(),
  webSales: z.number(),
  headOffice: z.number(),
  /** Sum of the enabled rows' quantities (rule 1) and amounts (rule 2), by the server. */
  totalQuantity: z.number(),
  totalAmount: z.number(),
  isDisabled: z.boolean(),
  /** 0 draft, 1 released. */
  dataStatus: z.number(),
  recordStatus: z.number(),
  version: z.number(),
  addUserNumber: z.string().nullable(),
  addTime: z.string(),
});
export type SalesTargetItem = z.infer<typeof salesTargetItem>;

export const salesTargetDetail = z.object({
  id: z.number(),
  salesTargetId: z.number(),
  /** Two-digit day (rule 2); "" for rule 1. */
  date: z.string(),
  /** The product's id (rule 1). */
  productId: z.number().nullable(),
  /** The product's code and name, for the row. */
  productName: z.string(),
  /** The product's model. */
  modelId: z.number().nullable(),
  modelName: z.string(),
  targetQuantity: z.number(),
  /** corporatAmount + offlineAmount (rule 2), by the server. */
  targetAmount: z.number(),
  corporatAmount: z.number(),
  offlineAmount: z.number(),
  isDisabled: z.boolean(),
});
export type SalesTargetDetail = z.infer<typeof salesTargetDetail>;
export const salesTargetRecord = salesTargetItem.extend({ salesTargetDetailEntities: z.array(salesTargetDetail) });
export type SalesTargetRecord = z.infer<typeof salesTargetRecord>;

export const getSalesTargetPage = get(
  '/api/salestarget/getsalestargetpage',
  listParams.extend({ pageSize: int(1, 10_000).default(24), isDisabled: optBool, rule: optInt, year: optInt, month: optInt, country: optText, addUserNumber: optText }),
  listResult(salesTargetItem),
);

/** One target with its rows (not in the spec's table: the edit form and the outbox need the version). */
export const getSalesTargetById = get('/api/salestarget/getsalestargetbyid', z.object({ id: recordId }), salesTargetRecord);

export const getSalesTargetDetailBySalesTargetId = get(
  '/api/salestarget/getsalestargetdetailbysalestargetid',
  z.object({ salesTargetId: recordId, country: optText }),
  z.array(salesTargetDetail),
);

export const salesTargetExist = post(
  '/api/salestarget/salestargetexist',
  z.object({ year: yearInt, month: monthInt, rule: int(1, 2), country: countryText }),
  z.boolean(),
);

export const salesTargetDetailInput = z.object({
  id: id.default(0),
  /** Two-digit day of the month (rule 2). */
  date: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().regex(/^(\d{1,2})?$/)),
  productId: optInt,
  targetQuantity: quantity,
  targetAmount: money,
  corporatAmount: money,
  offlineAmount: money,
  isDisabled: optBool,
});

/** Id 0 adds (hasTarget when one exists). The extras are kept only from holders of the extras permission. */
export const salesTargetForm = z.object({
  id: id.default(0),
  year: yearInt,
  month: monthInt,
  rule: int(1, 2),
  country: countryText,
  dataStatus: optInt,
  version: baseVersion,
  oihTargetAmount: money,
  oihCorporateAmount: money,
  brandCollaboration: money,
  webSales: money,
  headOffice: money,
  salesTargetDetailEntities: z.array(salesTargetDetailInput).max(1000).default([]),
});
export type SalesTargetFormInput = z.input<typeof salesTargetForm>;

export const addOrEditSalesTarget = post('/api/salestarget/addoreditsalestarget', salesTargetForm, salesTargetRecord);

/** Copy: a new draft (id 0) of the given month with the given rows. */
export const copySalesTarget = post('/api/salestarget/copysalestarget', salesTargetForm, salesTargetRecord);

/** A GET that writes, as the spec's table says: draft → released (targetNotMaintained without rows or with a zero row). */
/** Answers the data status the target ends in: 1 released at once, or 2 in approval when a template matched (DESIGN §10). */
export const releaseSalesTarget = get(
  '/api/salestarget/releasesalestarget',
  z.object({ id: recordId, year: optInt, month: optInt, country: optText, addUserNumber: optText }),
  z.object({ dataStatus: z.number() }),
);

export const disabledSalesTarget = post('/api/salestarget/disabledsalestarget', z.object({ id: recordId, isDisabled: reqBool }), none);

export const disabledSalesTargetDetail = post('/api/salestarget/disabledsalestargetdetail', z.object({ id: recordId, isDisabled: reqBool }), none);
