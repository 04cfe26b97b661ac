// /Product: products with the disabled, category, product code and model filters, the disable switch, Add, Details
// and Edit; rows also show the model and colour (spec part 2 §2 Products).
import { useTranslation } from 'react-i18next';
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { categoryLookup, modelLookup } from '@/app/components/crud/lookups';
import { disabledProduct, getProductPage } from '@/shared/contracts/product';
import { money, productTypeLabel } from './product-type';

const filters: FilterDef[] = [
  disabledFilter(),
  { kind: 'remote', key: 'category', label: 'fields.product.category', lookup: categoryLookup },
  { kind: 'text', key: 'productCode', label: 'fields.product.productCode' },
  { kind: 'remote', key: 'modelNo', label: 'fields.product.modelNo', lookup: modelLookup },
];

const byCode = (code: string) => encodeURIComponent(code);

export default function ProductList() {
  const { t } = useTranslation();
  return (
    <CrudList
      screen="Product"
      entity="product"
      endpoint={getProductPage}
      filters={filters}
      rowKey="id"
      columns={[
        { key: 'productType', render: (r) => productTypeLabel(t, r.productType) },
        { key: 'productCode' },
        { key: 'itemCode' },
        { key: 'category', render: (r) => r.categoryName ?? r.category },
        { key: 'productName' },
        { key: 'currency' },
        { key: 'unitPrice', textAlign: 'right', render: (r) => money(r.unitPrice) },
        { key: 'price', textAlign: 'right', render: (r) => money(r.price) },
        { key: 'uom' },
        { key: 'productMod', title: 'fields.product.modelNo', render: (r) => r.productMod ?? r.modelNo },
        { key: 'productCol', title: 'fields.product.productColour', render: (r) => r.productCol ?? r.productColour },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:Product.add', to: '/AddProduct' }]}
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:Product.details', to: (r) => `/ProductDetail?ProductCode=${byCode(r.productCode)}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:Product.edit', to: (r) => `/EditProduct?ProductCode=${byCode(r.productCode)}` },
      ]}
      disable={{ endpoint: disabledProduct, input: (r, isDisabled) => ({ id: r.id, productCode: r.productCode, isDisabled }) }}
    />
  );
}
