// Category calls (spec part 2 §2 Categories, §7). Add and edit share addcategory: id 0 adds, a positive id edits.
import { z } from 'zod';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optText, recordId, reqBool, reqText } from './fields';

export const categoryItem = z.object({
  id: z.number(),
  category: z.string(),
  categoryNumber: z.string(),
  isDisabled: z.boolean(),
});
export type CategoryItem = z.infer<typeof categoryItem>;

export const categoryLookupItem = categoryItem.pick({ id: true, category: true, categoryNumber: true });
export type CategoryLookupItem = z.infer<typeof categoryLookupItem>;

/** The add/edit form and payload. The number is fixed once added: on edit the stored one stays. */
export const categoryForm = z.object({
  id: id.default(0),
  category: reqText(100),
  categoryNumber: reqText(50),
});
export type CategoryForm = z.infer<typeof categoryForm>;

/** `category` filters by name or number, case-insensitive contains. */
export const getCategoryPage = get(
  '/api/Category/getcategorypage',
  listParams.extend({ isDisabled: optBool, category: optText }),
  listResult(categoryItem),
);

/** Enabled categories (all with isAll), by name; keyword filters name or number. */
export const getCategoryList = get(
  '/api/Category/getcategorylist',
  z.object({ keyword: optText, isAll: optBool }),
  z.array(categoryLookupItem),
);

export const getCategoryById = get('/api/Category/getcategorybyid', z.object({ id: recordId }), categoryItem);

export const addCategory = post('/api/Category/addcategory', categoryForm, categoryItem);

export const disabledCategory = post(
  '/api/Category/disabledcategory',
  z.object({ id: recordId, category: optText, isDisabled: reqBool }),
  none,
);
