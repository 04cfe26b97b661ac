// Weekly sales and period sales data calls (spec part 1 §2, §3, §7; DESIGN §6–§7). Payload keys are those of the spec's
// call table (matched case-insensitively). Every reply is country- and data-scoped; every sum is the server's.
// Saves reply with the stored record (its id and version), which the offline outbox keeps (DESIGN §6).
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, int, money, optBool, optInt, optText, recordId, reqBool } from './fields';

/** "YYYY-MM" with a real month. */
export const periodText = z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** "YYYY-MM-DD". */
export const dateText = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A company number (the spec's Country). */
export const countryText = z.string().trim().min(1).max(50);
export const yearInt = int(2000, 2100);
export const monthInt = int(1, 12);
/** A quantity: a non-negative integer; "", null or missing mean 0. */
export const quantity = z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), int(0, 1_000_000_000));
/** On edit, the version the form loaded: a different stored one is refused (staleVersion); missing = no check. */
export const baseVersion = optInt;

// ---- Weekly sales

export const weekSalesItem = z.object({
  id: z.number(),
  country: z.string(),
  countryName: z.string(),
  yearS: z.number(),
  monthS: z.number(),
  datePeriod: z.string(),
  weekAmount: z.number(),
  releaseStatus: z.number(),
  version: z.number(),
  addUserNumber: z.string().nullable(),
  addTime: z.string(),
});
export type WeekSalesItem = z.infer<typeof weekSalesItem>;

export const weekSalesSub = z.object({ salesDataDate: z.string(), uploadAmount: z.number() });
export const weekSalesRecord = weekSalesItem.extend({
  salesDataDetailEntities: z.array(z.object({ id: z.number(), salesDataId: z.number(), salesDataDetailSubs: z.array(weekSalesSub) })),
});
export type WeekSalesRecord = z.infer<typeof weekSalesRecord>;

export const getWeekSalesDataPage = get(
  '/api/salesData/getweeksalesdatapage',
  listParams.extend({ year: optInt, month: optInt, country: optText }),
  listResult(weekSalesItem),
);

/** The weekly records of a year, month and country: the duplicate-month check of the form and the outbox. */
export const getWeekSalesDataPage2 = get(
  '/api/salesData/getweeksalesdatapage2',
  z.object({ year: optInt, month: optInt, country: optText }),
  z.array(z.object({ id: z.number(), datePeriod: z.string(), weekAmount: z.number(), version: z.number() })),
);

export const getWeekSalesData = get('/api/salesData/getweeksalesdata', z.object({ id: recordId }), weekSalesRecord);

/** Id 0 adds (one per country and month: dataDuplication); the amounts are the month's Sundays. */
export const weekSalesForm = z.object({
  id: id.default(0),
  country: countryText,
  yearS: yearInt,
  monthS: monthInt,
  version: baseVersion,
  salesDataDetailEntities: z
    .array(
      z.object({
        id: id.default(0),
        salesDataDetailSubs: z.array(z.object({ salesDataDate: dateText, uploadAmount: money })).max(31),
      }),
    )
    .max(5)
    .default([]),
});
export type WeekSalesFormInput = z.input<typeof weekSalesForm>;

export const addOrEditWeekSalesData = post('/api/salesData/addoreditweeksalesdata', weekSalesForm, weekSalesRecord);

// ---- Period sales data

export const salesDataItem = z.object({
  id: z.number(),
  datePeriod: z.string(),
  country: z.string(),
  countryName: z.string(),
  /** 1 quantity, 2 amount. */
  rules: z.number(),
  yearS: z.number(),
  monthS: z.number(),
  sumQuantity: z.number(),
  sumAmount: z.number(),
  isDisabled: z.boolean(),
  version: z.number(),
  addUserNumber: z.string().nullable(),
  addTime: z.string(),
});
export type SalesDataItem = z.infer<typeof salesDataItem>;

export const salesDataDay = z.object({
  id: z.number(),
  salesDataDetailId: z.number(),
  salesDataDate: z.string(),
  uploadQuantity: z.number(),
  uploadAmount: z.number(),
  onlineAmount: z.number(),
  retailAmount: z.number(),
});
export const salesDataDetail = z.object({
  id: z.number(),
  salesDataId: z.number(),
  /** The product model's id (rule 1); null for the rule-2 amount row. */
  productId: z.number().nullable(),
  /** The model's full name. */
  productCode: z.string(),
  isDisabled: z.boolean(),
  salesDataDetailSubs: z.array(salesDataDay),
});
export type SalesDataDetail = z.infer<typeof salesDataDetail>;
export const salesDataRecord = salesDataItem.extend({ salesDataDetailEntities: z.array(salesDataDetail) });
export type SalesDataRecord = z.infer<typeof salesDataRecord>;

export const getSalesDataPage = get(
  '/api/salesData/getsalesdatapage',
  listParams.extend({ isDisabled: optBool, year: optInt, month: optInt, country: optText, addUserNumber: optText }),
  listResult(salesDataItem),
);

/** One record with its rows (not in the spec's table: the edit form and the outbox need the version). */
export const getSalesDataById = get('/api/salesData/getsalesdatabyid', z.object({ id: recordId }), salesDataRecord);

export const getSalesDataDetailBySalesDataId = get(
  '/api/salesData/getsalesdatadetailbysalesdataid',
  z.object({ salesDataId: recordId, country: optText }),
  z.array(salesDataDetail),
);

export const salesDataExist = post('/api/salesData/salesdataexist', z.object({ datePeriod: periodText, country: countryText }), z.boolean());

/**
 * Id 0 adds (one per period and country: hasSalesData). Rule 1: a row per product model (productId is the model's id)
 * with uploadQuantity per day. Rule 2: one row without a model, onlineAmount (corporate) and retailAmount (offline) per day.
 */
export const salesDataForm = z.object({
  id: id.default(0),
  datePeriod: periodText,
  country: countryText,
  rules: int(1, 2),
  version: baseVersion,
  salesDataDetailEntities: z
    .array(
      z.object({
        id: id.default(0),
        productId: optInt,
        isDisabled: optBool,
        salesDataDetailSubs: z
          .array(
            z.object({
              salesDataDate: dateText,
              uploadQuantity: quantity,
              onlineAmount: money,
              retailAmount: money,
            }),
          )
          .max(31),
      }),
    )
    .max(500)
    .default([]),
});
export type SalesDataFormInput = z.input<typeof salesDataForm>;

export const addOrEditSalesData = post('/api/salesData/addoreditsalesdata', salesDataForm, salesDataRecord);

export const disabledSalesData = post('/api/salesData/disabledsalesdata', z.object({ id: recordId, isDisabled: reqBool }), none);

export const disabledSalesDataDetail = post('/api/salesData/disabledsalesdatadetail', z.object({ id: recordId, isDisabled: reqBool }), none);
