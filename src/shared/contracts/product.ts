// Product calls (spec part 2 §2 Products, §7). Products are scoped by country: a user sees those whose companys
// overlap their scope and changes only those whose companys all lie inside it (DESIGN §5).
import { z } from 'zod';
import { PRODUCT_TYPE_VALUES, splitCompanys } from '../domain/master-data';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, money, MONEY_MAX, optBool, optInt, optText, reqBool, reqText } from './fields';

export const productItem = z.object({
  id: z.number(),
  productType: z.string(),
  productCode: z.string(),
  itemCode: z.string(),
  factoryCode: z.string(),
  /** Category number. */
  category: z.string(),
  /** Category name. */
  categoryName: z.string().nullable(),
  /** Model number (productModNa). */
  modelNo: z.string(),
  /** Model full name. */
  productMod: z.string().nullable(),
  productName: z.string(),
  /** Colour number (productColNa). */
  productColour: z.string(),
  /** Colour name. */
  productCol: z.string().nullable(),
  /** Currency number. */
  currency: z.string(),
  unitPrice: z.number(),
  price: z.number(),
  uom: z.string(),
  /** Comma-separated company numbers. */
  companys: z.string(),
  isDisabled: z.boolean(),
});
export type ProductItem = z.infer<typeof productItem>;

export const productLookupItem = productItem.pick({
  id: true,
  productType: true,
  productCode: true,
  itemCode: true,
  productName: true,
  category: true,
  modelNo: true,
  productMod: true,
  productColour: true,
  productCol: true,
  currency: true,
  unitPrice: true,
  price: true,
  uom: true,
  companys: true,
});
export type ProductLookupItem = z.infer<typeof productLookupItem>;

/** Prices are stored as numeric(14, 2): at most 12 digits before the point (a larger one would overflow the column). */
export const PRICE_MAX = MONEY_MAX;

/** A required choice whose empty value has its own message (spec part 2 §5: type, category, model, colour each have one). */
const choice = (message: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(50).refine((v) => v !== '', { message }));

/**
 * Longest optional texts of a product: codes as long as the product code, a name that fits a label line, a currency
 * number and a unit. The form shows them and the server refuses longer ones (crud.validation.tooLong).
 */
export const PRODUCT_TEXT_MAX = { itemCode: 50, factoryCode: 50, productName: 200, currency: 20, uom: 20 } as const;

/** Optional trimmed text ("" = not given) of at most `max` characters. */
const optTextMax = (max: number) => optText.pipe(z.string().max(max).optional());

/**
 * The add/edit form and payload. id 0 adds (a code that exists is refused with productCodeExists); a positive id edits.
 * companys: comma string or array of company numbers, at least one. unitPrice is kept only for holders of the
 * "may edit unit price" permission (0 on add otherwise; a change on edit is refused with 403).
 */
export const productForm = z.object({
  id: id.default(0),
  productType: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toUpperCase() : v),
    choice('validation.productTypeRequired').pipe(z.enum(PRODUCT_TYPE_VALUES)),
  ),
  productCode: reqText(50),
  itemCode: optTextMax(PRODUCT_TEXT_MAX.itemCode),
  factoryCode: optTextMax(PRODUCT_TEXT_MAX.factoryCode),
  category: choice('validation.categoryRequired'),
  modelNo: choice('validation.modelRequired'),
  productName: optTextMax(PRODUCT_TEXT_MAX.productName),
  productColour: choice('validation.colourRequired'),
  currency: optTextMax(PRODUCT_TEXT_MAX.currency),
  unitPrice: money,
  price: money,
  uom: optTextMax(PRODUCT_TEXT_MAX.uom),
  companys: z.preprocess(
    (v) => (typeof v === 'string' || Array.isArray(v) ? splitCompanys(v as string | string[]) : v),
    z.array(z.string().max(20)).min(1),
  ),
});
export type ProductForm = z.infer<typeof productForm>;

/**
 * category (or productCategory), modelNo, productColour and country are exact numbers; productCode is a
 * case-insensitive contains over the product code. Vendor and PoDate, which the original also sends, are ignored.
 */
export const getProductPage = get(
  '/api/Product/getproductpage',
  listParams.extend({
    isDisabled: optBool,
    category: optText,
    productCategory: optText,
    modelNo: optText,
    productCode: optText,
    productColour: optText,
    country: optText,
  }),
  listResult(productItem),
);

/** Enabled products in scope (all with isAll), by code; company narrows to one country; at most 2000 rows. */
export const getProductList = get(
  '/api/Product/getproductlist',
  z.object({ keyword: optText, company: optText, isAll: optBool }),
  z.array(productLookupItem),
);

export const getProductByCode = get('/api/Product/getproductbycode', z.object({ productCode: reqText(50) }), productItem);

export const addProduct = post('/api/Product/addproduct', productForm, productItem);

/** Keyed by id when given, else by productCode. */
export const disabledProduct = post(
  '/api/Product/disabledproduct',
  z.object({ id: optInt, productCode: optText, isDisabled: reqBool }),
  none,
);
