// /RoleList: roles with the company, department (options follow the company), user, role name and disabled filters;
// the disable switch; Details, Edit and Delete (after a warning confirmation; success removes the row); Add
// (spec part 2 §2 Roles, §4).
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import type { FilterValues } from '@/app/components/crud/list-state';
import { anyCompanyLookup } from '@/app/components/crud/lookups';
import { departmentFilterLookup } from '@/app/components/pickers/department-filter';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { CrudList } from '@/app/components/crud/crud-list';
import { delRole, disabledRole, getRolePage } from '@/shared/contracts/role';
import { spacedNames, userNumbers } from './role-lookups';

const filters = (draft: FilterValues): FilterDef[] => [
  { kind: 'remote', key: 'companyNumber', label: 'fields.role.companyNames', lookup: anyCompanyLookup },
  { kind: 'remote', key: 'departmentNumber', label: 'fields.role.departmentNames', lookup: departmentFilterLookup(draft.companyNumber ?? '') },
  { kind: 'remote', key: 'userNumber', label: 'fields.role.userNames', lookup: userNumbers },
  { kind: 'text', key: 'roleName', label: 'fields.role.roleName' },
  disabledFilter(),
];
const resets = { companyNumber: ['departmentNumber'] };

export default function RoleList() {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  return (
    <CrudList
      screen="RoleList"
      entity="role"
      endpoint={getRolePage}
      filters={filters}
      resets={resets}
      rowKey="id"
      columns={[
        { key: 'roleName' },
        { key: 'companyNames', render: (r) => spacedNames(r.companyNames) },
        { key: 'departmentNames', render: (r) => spacedNames(r.departmentNames) },
        { key: 'userNames', render: (r) => spacedNames(r.userNames) },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:RoleList.add', to: '/RoleAdd?id=0' }]}
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:RoleList.details', to: (r) => `/RoleDetails?id=${r.id}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:RoleList.edit', to: (r) => `/RoleEdit?id=${r.id}` },
        {
          key: 'delete',
          label: 'common.delete',
          color: 'red',
          run: (r, reload) =>
            void confirm(t('pages.role.deleteConfirm', { name: r.roleName })).then(async (ok) => {
              if (!ok) return;
              try {
                await call(delRole, { id: r.id });
                showSuccess('common.deleted');
                reload();
              } catch (err) {
                showError(err);
              }
            }),
        },
      ]}
      disable={{ endpoint: disabledRole, input: (r, isDisabled) => ({ id: r.id, isDisabled }) }}
    >
      {dialog}
    </CrudList>
  );
}
