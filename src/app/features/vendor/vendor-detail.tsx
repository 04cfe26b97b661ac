// /VendorDetail?Id: the vendor read-only with a Return button (spec part 2 §2 Vendors).
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudDetail, type DetailField } from '@/app/components/crud/crud-detail';
import { getVendorById, type VendorItem } from '@/shared/contracts/vendor';
import { splitCompanys } from '@/shared/domain/master-data';
import { VENDOR_FIELDS } from './vendor-fields';

export default function VendorDetail() {
  const { t } = useTranslation();
  return (
    <CrudDetail<VendorItem>
      entity="vendor"
      listPath="/Vendor"
      keyParam="Id"
      load={(id) => call(getVendorById, { id })}
      fields={VENDOR_FIELDS.map((key): DetailField<VendorItem> => {
        if (key === 'companyType') return { key, render: (r) => t(`pages.vendor.companyTypes.${r.companyType}`, { defaultValue: r.companyType }) };
        if (key === 'companys') return { key, render: (r) => splitCompanys(r.companys).join(', ') };
        return { key };
      })}
    />
  );
}
