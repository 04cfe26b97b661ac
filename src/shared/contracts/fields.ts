// Field helpers for inputs: query strings arrive as text, the original front end sends "" for "not chosen".
// Numbers are strict: an integer is a JSON integer or a string of digits, within PostgreSQL's int4 — never `true`,
// `[1]`, `"0x10"`, `"1e3"` or `" 1"`, which z.coerce.number would turn into numbers (and `delrole {"id":true}` into 1).
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** PostgreSQL int4, the type of every id and integer column. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A digit string (optionally negative) becomes its number; anything else stays as it is for z.number() to refuse. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^-?\d{1,20}$/.test(v) ? Number(v) : v);

/** An integer between min and max (int4 by default), from a JSON integer or a string of digits. */
export const int = (min: number = INT4_MIN, max: number = INT4_MAX) => z.preprocess(digitsToNumber, z.number().int().min(min).max(max));

/** A decimal string ("12", "-3.50", " 7.5 ") becomes its number; anything else stays as it is for z.number() to refuse. */
const decimalToNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return /^-?\d{1,20}(\.\d{1,20})?$/.test(t) ? Number(t) : v;
};

/** A finite decimal number between min and max, from a JSON number or a decimal string. */
export const decimal = (min: number, max: number) => z.preprocess(decimalToNumber, z.number().min(min).max(max));

/** Amounts are stored as numeric(14, 2): at most 12 digits before the point (a larger one would overflow the column). */
export const MONEY_MAX = 999_999_999_999.99;

/** An amount of money, 0..MONEY_MAX; "", null or missing mean 0. */
export const money = z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), decimal(0, MONEY_MAX));

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

/** Optional integer (int4) from a query or body; "" or null means not given. */
export const optInt = z.preprocess(blankToUndefined, int().optional());

/** An id: 0 means "new" in add-or-edit calls ("" and null too, as the original front end sends them). */
export const id = z.preprocess((v) => (v === '' || v === null ? 0 : v), int(0));

/** A positive id of an existing record. */
export const recordId = int(1);
