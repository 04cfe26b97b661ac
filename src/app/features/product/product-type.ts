// How a product type shows: its value and its translated name (spec part 2 §3 product types).
import type { TFunction } from 'i18next';
import { PRODUCT_TYPES, productTypeName } from '@/shared/domain/master-data';

export const productTypeLabel = (t: TFunction, v: string) =>
  v ? `${v} ${t(`pages.product.types.${v}`, { defaultValue: productTypeName(v) })}` : '';

export const productTypeOptions = PRODUCT_TYPES.map((p) => ({ value: p.value, label: p.name, labelKey: `pages.product.types.${p.value}` }));

/** Prices as stored, with 2 decimals. */
export const money = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : n.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
