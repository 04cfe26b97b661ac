// /AddProduct and /EditProduct?ProductCode: the product form (spec part 2 §2 Products). The unit price is read-only
// on add; on edit only holders of the "may edit unit price" permission may change it (DESIGN §5). The code is the
// product's key, so it is locked on edit. Optional texts show their limit (the contract's) and stop there.
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { categoryLookup, colourLookup, companyLookup, currencyLookup, modelLookup } from '@/app/components/crud/lookups';
import { can } from '@/app/components/shell/permissions';
import { addProduct, getProductByCode, PRODUCT_TEXT_MAX, type ProductItem } from '@/shared/contracts/product';
import { PERMISSION } from '@/shared/domain/constants';
import { splitCompanys } from '@/shared/domain/master-data';
import { productTypeOptions } from './product-type';

interface Values extends Record<string, unknown> {
  id: number;
  productType: string;
  productCode: string;
  itemCode: string;
  factoryCode: string;
  category: string;
  modelNo: string;
  productColour: string;
  productName: string;
  currency: string;
  price: number | '';
  unitPrice: number | '';
  uom: string;
  companys: string[];
}

const fields: FieldDef<Values>[] = [
  { name: 'productType', kind: 'select', options: productTypeOptions, required: true },
  { name: 'productCode', required: true, disabled: ({ mode }) => mode === 'edit' },
  { name: 'itemCode', maxLength: PRODUCT_TEXT_MAX.itemCode },
  { name: 'factoryCode', maxLength: PRODUCT_TEXT_MAX.factoryCode },
  { name: 'category', kind: 'select', lookup: categoryLookup, required: true },
  { name: 'modelNo', kind: 'select', lookup: modelLookup, required: true },
  { name: 'productColour', kind: 'select', lookup: colourLookup, required: true },
  { name: 'productName', maxLength: PRODUCT_TEXT_MAX.productName },
  { name: 'currency', kind: 'select', lookup: currencyLookup },
  // Prices are stored with 2 decimals (numeric(14, 2)); the input offers no more than are kept.
  { name: 'price', kind: 'number', decimals: 2 },
  { name: 'unitPrice', kind: 'number', decimals: 2, disabled: ({ mode }) => mode === 'add' || !can(PERMISSION.editUnitPrice) },
  { name: 'uom', maxLength: PRODUCT_TEXT_MAX.uom },
  { name: 'companys', kind: 'multiselect', lookup: companyLookup, required: true },
];

const empty: Values = {
  id: 0,
  productType: '',
  productCode: '',
  itemCode: '',
  factoryCode: '',
  category: '',
  modelNo: '',
  productColour: '',
  productName: '',
  currency: '',
  price: 0,
  unitPrice: 0,
  uom: '',
  companys: [],
};

const toValues = (r: ProductItem): Values => ({
  id: r.id,
  productType: r.productType,
  productCode: r.productCode,
  itemCode: r.itemCode,
  factoryCode: r.factoryCode,
  category: r.category,
  modelNo: r.modelNo,
  productColour: r.productColour,
  productName: r.productName,
  currency: r.currency,
  price: r.price,
  unitPrice: r.unitPrice,
  uom: r.uom,
  companys: splitCompanys(r.companys),
});

export default function ProductForm() {
  return (
    <CrudForm
      entity="product"
      listPath="/Product"
      keyParam="ProductCode"
      empty={empty}
      fields={fields}
      save={addProduct}
      load={(productCode) => call(getProductByCode, { productCode })}
      toValues={toValues}
      toPayload={(v) => ({ ...v, companys: v.companys.join(',') })}
    />
  );
}
