// /DepartmentList: departments with the disabled (default no), company (empty = all) and keyword filters; Search
// restarts at page 1; the disable switch shows its loading state and the four refusals' messages (sub-departments,
// people, company disabled, parent disabled); Add and Edit (spec part 2 §2 Departments, §4, §8).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { companyLookup } from '@/app/components/crud/lookups';
import { disabledDepartment, getDepartmentPage } from '@/shared/contracts/department';

const filters: FilterDef[] = [
  disabledFilter(),
  { kind: 'remote', key: 'companyNumber', label: 'fields.department.companyName', lookup: companyLookup },
  { kind: 'text', key: 'keyword', label: 'fields.department.keyword' },
];

export default function DepartmentList() {
  return (
    <CrudList
      screen="DepartmentList"
      entity="department"
      endpoint={getDepartmentPage}
      filters={filters}
      rowKey="id"
      columns={[{ key: 'departmentNumber' }, { key: 'companyName' }, { key: 'departmentName' }, { key: 'departmentPath' }, { key: 'leader' }]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:DepartmentList.add', to: '/DepartmentAdd?id=0' }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:DepartmentList.edit', to: (r) => `/DepartmentEdit?id=${r.id}` }]}
      disable={{
        endpoint: disabledDepartment,
        input: (r, isDisabled) => ({ id: r.id, companyNumber: r.companyNumber, isDisabled }),
      }}
    />
  );
}
