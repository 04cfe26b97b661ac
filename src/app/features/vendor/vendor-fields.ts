// The vendor's fields in the order the form and the detail page show them (spec part 2 §2 Vendors).
export const VENDOR_FIELDS = [
  'companyType',
  'vendorNumber',
  'vendorName',
  'oihVendorNumber',
  'fullname',
  'vendorAddress',
  'vendorContact',
  'vendorContact_finance',
  'vendorTel',
  'vendorEmail_p',
  'emailFin',
  'paymentterm',
  'currency',
  'country',
  'companys',
] as const;
export type VendorField = (typeof VENDOR_FIELDS)[number];
