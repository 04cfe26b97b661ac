// Product model calls (spec part 2 §2 Product models, §7; part 1 uses the two lookups). addproductmod: id 0 adds, a positive id edits.
import { z } from 'zod';
import { MODEL_DATA_TYPES, MODEL_LEVELS } from '../domain/master-data';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optText, recordId, reqBool, reqText } from './fields';

export const productModItem = z.object({
  id: z.number(),
  /** Full name, made by the server: modelType + " " + modelName. */
  productMod: z.string(),
  /** Model number; products refer to it (modelNo). Fixed once added. */
  productModNa: z.string(),
  modelType: z.string(),
  modelName: z.string(),
  /** Comma-separated company numbers that sell the model. */
  remarks: z.string(),
  modelLevel: z.string(),
  dataType: z.string(),
  ogawaModel: z.boolean(),
  isDisabled: z.boolean(),
});
export type ProductModItem = z.infer<typeof productModItem>;

export const productModLookupItem = productModItem.pick({
  id: true,
  productMod: true,
  productModNa: true,
  modelName: true,
  modelType: true,
  modelLevel: true,
  dataType: true,
  remarks: true,
});
export type ProductModLookupItem = z.infer<typeof productModLookupItem>;

const blank = (v: unknown) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? '' : v);
const caseInsensitive = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => {
    const b = blank(v);
    if (typeof b !== 'string' || b === '') return b;
    return values.find((x) => x.toLowerCase() === b.trim().toLowerCase()) ?? b;
  }, z.union([z.enum(values), z.literal('')]));

/**
 * The add/edit form and payload. productMod (full name) is made by the server; remarks is a comma string of
 * company numbers (an array is accepted too). modelLevel and dataType are one of the constants or empty.
 */
export const productModForm = z.object({
  id: id.default(0),
  modelType: optText,
  modelName: reqText(100),
  productModNa: reqText(50),
  modelLevel: caseInsensitive(MODEL_LEVELS),
  dataType: caseInsensitive(MODEL_DATA_TYPES),
  remarks: z.preprocess((v) => (Array.isArray(v) ? v.join(',') : blank(v)), z.string().max(500)),
  productMod: optText,
});
export type ProductModForm = z.infer<typeof productModForm>;

/** productMod filters by full name, model name or number (case-insensitive contains); ogawaModel "YES"/"NO" ("" = all). */
export const getProductModPage = get(
  '/api/ProductMod/getproductmodpage',
  listParams.extend({ isDisabled: optBool, productMod: optText, ogawaModel: optText }),
  listResult(productModItem),
);

/** Enabled models, by full name; keyword filters full name, name or number. */
export const getProductModList = get(
  '/api/ProductMod/getproductmodlist',
  z.object({ keyword: optText, isAll: optBool }),
  z.array(productModLookupItem),
);

/** Models of a level and a type (the reports' "category type": matches dataType or modelType); enabled unless isAll. */
export const getProductModList2 = get(
  '/api/ProductMod/getproductmodlist2',
  z.object({ modelLevel: optText, modelType: optText, isAll: optBool }),
  z.array(productModLookupItem),
);

export const getProductModById = get('/api/ProductMod/getproductmodbyid', z.object({ id: recordId }), productModItem);

export const addProductMod = post('/api/ProductMod/addproductmod', productModForm, productModItem);

export const disabledProductMod = post(
  '/api/ProductMod/disabledproductmod',
  z.object({ id: recordId, productMod: optText, isDisabled: reqBool }),
  none,
);
