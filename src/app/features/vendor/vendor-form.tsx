// /AddVendor and /EditVendor?Id: the vendor's fields; number and company type are locked when editing; the selling
// companies are a multi-select sent as a comma string (spec part 2 §2 Vendors).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { companyLookup } from '@/app/components/crud/lookups';
import { addVendor, getVendorById } from '@/shared/contracts/vendor';
import { VENDOR_COMPANY_TYPES, VENDOR_CURRENCIES, joinCompanys, splitCompanys } from '@/shared/domain/master-data';
import { VENDOR_FIELDS, type VendorField } from './vendor-fields';

type Values = Record<Exclude<VendorField, 'companys'>, string> & { id: number; companys: string[] };

const lockedOnEdit = ({ mode }: { mode: string }) => mode === 'edit';
const REQUIRED = new Set<VendorField>(['companyType', 'vendorName', 'vendorNumber', 'vendorAddress', 'paymentterm', 'vendorContact']);

const special: Partial<Record<VendorField, Partial<FieldDef<Values>>>> = {
  companyType: {
    kind: 'select',
    options: VENDOR_COMPANY_TYPES.map((v) => ({ value: v, label: v, labelKey: `pages.vendor.companyTypes.${v}` })),
    disabled: lockedOnEdit,
  },
  vendorNumber: { disabled: lockedOnEdit },
  vendorAddress: { kind: 'textarea' },
  currency: { kind: 'select', options: VENDOR_CURRENCIES.map((v) => ({ value: v, label: v })) },
  companys: { kind: 'multiselect', lookup: companyLookup },
};

const fields: FieldDef<Values>[] = VENDOR_FIELDS.map((name) => ({ name, required: REQUIRED.has(name), ...special[name] }));

const empty: Values = {
  ...(Object.fromEntries(VENDOR_FIELDS.map((f) => [f, ''])) as Record<VendorField, string>),
  id: 0,
  companyType: 'External',
  companys: [],
};

export default function VendorForm() {
  return (
    <CrudForm
      entity="vendor"
      listPath="/Vendor"
      keyParam="Id"
      empty={empty}
      fields={fields}
      save={addVendor}
      load={(id) => call(getVendorById, { id })}
      toValues={(r) => ({
        ...(Object.fromEntries(VENDOR_FIELDS.map((f) => [f, r[f] ?? ''])) as Record<VendorField, string>),
        id: r.id,
        companys: splitCompanys(r.companys),
      })}
      toPayload={(v) => ({ ...v, companys: joinCompanys(v.companys) })}
    />
  );
}
