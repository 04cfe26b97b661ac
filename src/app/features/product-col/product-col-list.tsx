// /ProductCol: colours with the disabled and colour filters, the disable switch and Edit; the spec's list has no
// Add button (/AddProductCol is reached through its own menu entry).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledProductCol, getProductColPage } from '@/shared/contracts/product-col';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'productCol', label: 'fields.productCol.productCol' }];

export default function ProductColList() {
  return (
    <CrudList
      screen="ProductCol"
      entity="productCol"
      endpoint={getProductColPage}
      filters={filters}
      rowKey="id"
      columns={[{ key: 'id', width: 80 }, { key: 'productCol' }, { key: 'productColNa' }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:ProductCol.edit', to: (r) => `/EditProductCol?Id=${r.id}` }]}
      disable={{ endpoint: disabledProductCol, input: (r, isDisabled) => ({ id: r.id, productCol: r.productCol, isDisabled }) }}
    />
  );
}
