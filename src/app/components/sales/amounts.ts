// Amount and quantity text of the sales forms (spec part 1 §5): inputs hold strings while the user types (only text
// the entry patterns allow gets in); these turn them into numbers for a save and numbers into the 2-decimal text shown.
import { AMOUNT_PATTERN, QUANTITY_PATTERN, cents } from '@/shared/domain/sales';

/** Does typed text pass as an amount (digits, at most two decimals)? '' passes (not filled yet). */
export const isAmountText = (s: string) => AMOUNT_PATTERN.test(s);
/** Does typed text pass as a quantity (digits only)? */
export const isQuantityText = (s: string) => QUANTITY_PATTERN.test(s);

/** Some keyboards type a decimal comma; tablets in zh-TW or en give a point, but accept both. */
export const normalizeAmountText = (s: string) => s.replace(',', '.').trim();

/** The number of an amount input ('' and '.' are 0), rounded to cents. */
export const amountOf = (s: string | null | undefined) => {
  const n = Number(s ?? '');
  return Number.isFinite(n) ? cents(n) : 0;
};

/** The number of a quantity input ('' is 0). */
export const quantityOf = (s: string | null | undefined) => {
  const n = Number(s ?? '');
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** An amount as an input shows it when a record loads: '' for 0 keeps the grid calm, else plain (no grouping). */
export const amountText = (n: number | null | undefined) => (n ? String(cents(n)) : '');
export const quantityText = (n: number | null | undefined) => (n ? String(Math.trunc(n)) : '');

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An amount for reading: grouped, two decimals (spec part 1 §9). */
export const formatAmount = (n: number | null | undefined) => money.format(Number(n) || 0);
/** A quantity for reading: grouped, no decimals. */
export const formatQuantity = (n: number | null | undefined) => whole.format(Number(n) || 0);
