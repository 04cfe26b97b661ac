// Constants of the master-data area (spec part 2 §3, §9) that the screens and the server both use.

/** Product types (spec part 2 §3): the stored value is the key. */
export const PRODUCT_TYPES = [
  { value: '1', name: 'Finished Goods New' },
  { value: '2', name: 'Accessories' },
  { value: '3', name: 'Spare Parts' },
  { value: '4', name: 'Gifts' },
  { value: '5', name: 'Non-Trade Item' },
  { value: '6', name: 'Finished Goods Demo' },
  { value: 'P', name: 'Promotion Package' },
] as const;
export const PRODUCT_TYPE_VALUES = ['1', '2', '3', '4', '5', '6', 'P'] as const;
export type ProductType = (typeof PRODUCT_TYPE_VALUES)[number];
export const productTypeName = (v: string): string => PRODUCT_TYPES.find((t) => t.value === v)?.name ?? v;

/** Model data types ("category type" of the reports). Spec §9 calls the same set "model types". */
export const MODEL_DATA_TYPES = ['CHAIR', 'FOOT', 'OTHES'] as const;
export type ModelDataType = (typeof MODEL_DATA_TYPES)[number];
/** Suggested values of a model's type; the field itself is free text. */
export const MODEL_TYPES = MODEL_DATA_TYPES;

/** Model levels of the model forms; Sofa exists only there. */
export const MODEL_LEVELS = ['High', 'Mid', 'Sofa', 'Low'] as const;
export type ModelLevel = (typeof MODEL_LEVELS)[number];
/** Model levels offered by the report and list filters. */
export const MODEL_FILTER_LEVELS = ['High', 'Mid', 'Low'] as const;

/** The OgawaModel filter of the model list is fixed to this value. */
export const OGAWA_MODEL_YES = 'YES';

export const VENDOR_COMPANY_TYPES = ['Group', 'External'] as const;
export type VendorCompanyType = (typeof VENDOR_COMPANY_TYPES)[number];
export const VENDOR_CURRENCIES = ['CNY', 'USD', 'RMB', 'AUD'] as const;

/** Colour numbers made by the server: prefix + zero-padded sequence. */
export const COLOUR_NUMBER_PREFIX = 'C';
export const colourNumber = (seq: number) => `${COLOUR_NUMBER_PREFIX}${String(seq).padStart(4, '0')}`;

/** A model's full name, made from its type and name. */
export const modelFullName = (modelType: string | null | undefined, modelName: string) =>
  `${(modelType ?? '').trim()} ${modelName.trim()}`.trim();

/** Comma-separated company numbers (model remarks, vendor and product companys) as a clean upper-case list. */
export function splitCompanys(v: string | readonly string[] | null | undefined): string[] {
  const parts = Array.isArray(v) ? v : String(v ?? '').split(',');
  return [...new Set(parts.map((p) => String(p).trim().toUpperCase()).filter(Boolean))];
}
export const joinCompanys = (list: readonly string[]) => list.join(',');
