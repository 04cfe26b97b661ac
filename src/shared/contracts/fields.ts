// Field helpers for inputs: query strings arrive as text, the original front end sends "" for "not chosen".
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Optional boolean from a query or body: true/false, "true"/"false", 1/0; "" or missing means "all". */
export const optBool = z.preprocess((v) => {
  const b = blankToUndefined(v);
  if (b === 'true' || b === '1' || b === 1) return true;
  if (b === 'false' || b === '0' || b === 0) return false;
  return b;
}, z.boolean().optional());

/** Boolean that must be given (e.g. IsDisabled of a toggle). */
export const reqBool = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean());

/** Optional trimmed text; "" means not given. */
export const optText = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
  z.string().max(500).optional(),
);

/** Required non-empty trimmed text. */
export const reqText = (max = 200) => z.string().trim().min(1).max(max);

/** Optional integer from a query or body; "" means not given. */
export const optInt = z.preprocess(blankToUndefined, z.coerce.number().int().optional());

/** An id: 0 means "new" in add-or-edit calls. */
export const id = z.coerce.number().int().min(0);

/** A positive id of an existing record. */
export const recordId = z.coerce.number().int().min(1);
