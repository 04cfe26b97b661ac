// /Cgy: categories with the disabled and text filters, the disable switch, Add and Edit (spec part 2 §2 Categories).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledCategory, getCategoryPage } from '@/shared/contracts/category';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'category', label: 'fields.category.category' }];

export default function CategoryList() {
  return (
    <CrudList
      screen="Cgy"
      entity="category"
      endpoint={getCategoryPage}
      filters={filters}
      rowKey="id"
      columns={[{ key: 'id', width: 80 }, { key: 'category' }, { key: 'categoryNumber' }]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:Cgy.add', to: '/AddCategory' }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:Cgy.edit', to: (r) => `/EditCategory?Id=${r.id}` }]}
      disable={{ endpoint: disabledCategory, input: (r, isDisabled) => ({ id: r.id, category: r.category, isDisabled }) }}
    />
  );
}
