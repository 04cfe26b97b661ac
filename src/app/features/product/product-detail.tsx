// /ProductDetail?ProductCode: every field of the product read-only, with Return (spec part 2 §2 Products).
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudDetail, type DetailField } from '@/app/components/crud/crud-detail';
import { getProductByCode, type ProductItem } from '@/shared/contracts/product';
import { splitCompanys } from '@/shared/domain/master-data';
import { money, productTypeLabel } from './product-type';

export default function ProductDetail() {
  const { t } = useTranslation();
  const fields: DetailField<ProductItem>[] = [
    { key: 'productType', render: (r) => productTypeLabel(t, r.productType) },
    { key: 'productCode' },
    { key: 'itemCode' },
    { key: 'factoryCode' },
    { key: 'category', render: (r) => (r.categoryName ? `${r.categoryName} (${r.category})` : r.category) },
    { key: 'modelNo', render: (r) => (r.productMod ? `${r.productMod} (${r.modelNo})` : r.modelNo) },
    { key: 'productColour', render: (r) => (r.productCol ? `${r.productCol} (${r.productColour})` : r.productColour) },
    { key: 'productName' },
    { key: 'currency' },
    { key: 'price', render: (r) => money(r.price) },
    { key: 'unitPrice', render: (r) => money(r.unitPrice) },
    { key: 'uom' },
    { key: 'companys', render: (r) => splitCompanys(r.companys).join(', ') },
    { key: 'isDisabled', label: 'crud.disabled', render: (r) => t(r.isDisabled ? 'crud.yes' : 'crud.no') },
  ];
  return (
    <CrudDetail<ProductItem>
      entity="product"
      listPath="/Product"
      keyParam="ProductCode"
      load={(productCode) => call(getProductByCode, { productCode })}
      fields={fields}
    />
  );
}
