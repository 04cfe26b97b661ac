// Product colour calls (spec part 2 §2 Product colours, §7). addproductcol: id 0 adds, a positive id edits.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optInt, optText, recordId, reqBool, reqText } from './fields';

export const productColItem = z.object({
  id: z.number(),
  productCol: z.string(),
  /** Colour number: made by the server on add (C0001, C0002, ...), never changed by the client. */
  productColNa: z.string(),
  isDisabled: z.boolean(),
});
export type ProductColItem = z.infer<typeof productColItem>;

export const productColLookupItem = productColItem.pick({ id: true, productCol: true, productColNa: true });
export type ProductColLookupItem = z.infer<typeof productColLookupItem>;

/** productColNa is shown on the edit form but ignored by the server. */
export const productColForm = z.object({
  id: id.default(0),
  productCol: reqText(100),
  productColNa: optText,
});
export type ProductColForm = z.infer<typeof productColForm>;

/** `productCol` filters by name or number, case-insensitive contains. */
export const getProductColPage = get(
  '/api/ProductCol/getproductcolpage',
  listParams.extend({ isDisabled: optBool, productCol: optText }),
  listResult(productColItem),
);

export const getProductColList = get(
  '/api/ProductCol/getproductcollist',
  z.object({ keyword: optText, isAll: optBool }),
  z.array(productColLookupItem),
);

export const getProductColById = get('/api/ProductCol/getproductcolbyid', z.object({ id: recordId }), productColItem);

export const addProductCol = post('/api/ProductCol/addproductcol', productColForm, productColItem);

/** Keyed by id; the original front end sends only the colour name, which is unique and binds as well. */
export const disabledProductCol = post(
  '/api/ProductCol/disabledproductcol',
  z.object({ id: optInt, productCol: optText, isDisabled: reqBool }),
  none,
);
