// /ProductMod: models with the disabled and model filters (OgawaModel fixed to YES), the disable switch, Add and Edit
// (spec part 2 §2 Product models).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledProductMod, getProductModPage } from '@/shared/contracts/product-mod';
import { OGAWA_MODEL_YES, splitCompanys } from '@/shared/domain/master-data';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'productMod', label: 'pages.productMod.model' }];
const fixed = { ogawaModel: OGAWA_MODEL_YES };

export default function ProductModList() {
  return (
    <CrudList
      screen="ProductMod"
      entity="productMod"
      endpoint={getProductModPage}
      filters={filters}
      fixed={fixed}
      rowKey="id"
      columns={[
        { key: 'modelName' },
        { key: 'modelType' },
        { key: 'productMod' },
        { key: 'modelLevel' },
        { key: 'dataType' },
        { key: 'remarks', render: (r) => splitCompanys(r.remarks).join(', ') },
        { key: 'productModNa' },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:ProductMod.add', to: '/AddProductMod' }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:ProductMod.edit', to: (r) => `/EditProductMod?Id=${r.id}` }]}
      disable={{ endpoint: disabledProductMod, input: (r, isDisabled) => ({ id: r.id, productMod: r.productMod, isDisabled }) }}
    />
  );
}
