// /Vendor: vendors with the disabled, name and number filters, the disable switch, Add, Edit and Details
// (spec part 2 §2 Vendors).
import { useTranslation } from 'react-i18next';
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledVendor, getVendorPage } from '@/shared/contracts/vendor';

const filters: FilterDef[] = [
  disabledFilter(),
  { kind: 'text', key: 'vendorName', label: 'fields.vendor.vendorName' },
  { kind: 'text', key: 'vendorNumber', label: 'fields.vendor.vendorNumber' },
];

export default function VendorList() {
  const { t } = useTranslation();
  return (
    <CrudList
      screen="Vendor"
      entity="vendor"
      endpoint={getVendorPage}
      filters={filters}
      rowKey="id"
      columns={[
        { key: 'vendorNumber' },
        { key: 'companyType', render: (r) => t(`pages.vendor.companyTypes.${r.companyType}`, { defaultValue: r.companyType }) },
        { key: 'vendorName' },
        { key: 'paymentterm' },
        { key: 'country' },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:Vendor.add', to: '/AddVendor' }]}
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:Vendor.details', to: (r) => `/VendorDetail?Id=${r.id}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:Vendor.edit', to: (r) => `/EditVendor?Id=${r.id}` },
      ]}
      disable={{
        endpoint: disabledVendor,
        input: (r, isDisabled) => ({ id: r.id, vendorNumber: r.vendorNumber, vendorName: r.vendorName, isDisabled }),
      }}
    />
  );
}
