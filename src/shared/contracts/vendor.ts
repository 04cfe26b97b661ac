// Vendor calls (spec part 2 §2 Vendors, §7). addvendor adds (id 0) and edits (positive id).
import { z } from 'zod';
import { VENDOR_COMPANY_TYPES } from '../domain/master-data';
import { get, listParams, listResult, none, post } from './endpoint';
import { id, optBool, optInt, optText, recordId, reqBool, reqText } from './fields';

/** Key names follow the original payload (VendorContact_finance, VendorEmail_p) so they bind case-insensitively. */
export const vendorItem = z.object({
  id: z.number(),
  companyType: z.string(),
  vendorName: z.string(),
  vendorNumber: z.string(),
  oihVendorNumber: z.string(),
  vendorAddress: z.string(),
  vendorContact: z.string(),
  vendorContact_finance: z.string(),
  vendorTel: z.string(),
  vendorEmail_p: z.string(),
  emailFin: z.string(),
  paymentterm: z.string(),
  currency: z.string(),
  country: z.string(),
  fullname: z.string(),
  /** Comma-separated company numbers. */
  companys: z.string(),
  isDisabled: z.boolean(),
});
export type VendorItem = z.infer<typeof vendorItem>;

const optEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '') || v === null ? undefined : typeof v === 'string' ? v.trim() : v,
  z.email().max(200).optional(),
);

/**
 * The add/edit form and payload. Required: vendor name and number, payment term, address, contact.
 * On edit, vendorNumber and companyType are locked: the stored values stay whatever the payload says.
 */
export const vendorForm = z.object({
  id: id.default(0),
  companyType: z.preprocess(
    (v) => (typeof v === 'string' ? (VENDOR_COMPANY_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
    z.enum(VENDOR_COMPANY_TYPES).default('External'),
  ),
  vendorName: reqText(200),
  vendorNumber: reqText(50),
  oihVendorNumber: optText,
  vendorAddress: reqText(500),
  paymentterm: reqText(100),
  currency: optText,
  vendorContact: reqText(100),
  vendorContact_finance: optText,
  vendorTel: optText,
  vendorEmail_p: optEmail,
  emailFin: optEmail,
  country: optText,
  fullname: optText,
  companys: z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v == null ? '' : v), z.string().max(500)),
});
export type VendorForm = z.infer<typeof vendorForm>;

/** vendorName and vendorNumber filter by case-insensitive contains. */
export const getVendorPage = get(
  '/api/Vendor/getvendorpage',
  listParams.extend({ isDisabled: optBool, vendorName: optText, vendorNumber: optText }),
  listResult(vendorItem),
);

export const getVendorById = get('/api/Vendor/getvendorbyid', z.object({ id: recordId }), vendorItem);

export const addVendor = post('/api/Vendor/addvendor', vendorForm, vendorItem);

/** Keyed by id when given, else by vendorNumber (the original front end sends VendorNumber and VendorName). */
export const disabledVendor = post(
  '/api/Vendor/disabledvendor',
  z.object({ id: optInt, vendorNumber: optText, vendorName: optText, isDisabled: reqBool }),
  none,
);
