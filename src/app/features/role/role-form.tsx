// /RoleAdd?id=0 and /RoleEdit?id: role name (required), the companies, departments and users it is granted to
// (searchable multi-selects) and the tree of menus and buttons with their all-data flags; sends comma lists
// (spec part 2 §2 Roles, §5).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { addOrEditRole, getRoleById, type RoleDetail } from '@/shared/contracts/role';
import { companyIds, departmentIds, splitIds, userIds } from './role-lookups';
import { RoleMenuTree, useMenuTree } from './role-menu-tree';
import { sentAllData } from './menu-tree-logic';

interface Values extends Record<string, unknown> {
  id: number;
  roleName: string;
  companys: string[];
  departments: string[];
  users: string[];
  menuIds: string[];
  menuAllData: string[];
}

const fields: FieldDef<Values>[] = [
  { name: 'roleName', required: true },
  { name: 'companys', kind: 'multiselect', lookup: companyIds },
  { name: 'departments', kind: 'multiselect', lookup: departmentIds },
  { name: 'users', kind: 'multiselect', lookup: userIds },
];

const empty: Values = { id: 0, roleName: '', companys: [], departments: [], users: [], menuIds: [], menuAllData: [] };

const toValues = (r: RoleDetail): Values => ({
  id: r.id,
  roleName: r.roleName,
  companys: splitIds(r.companys),
  departments: splitIds(r.departments),
  users: splitIds(r.users),
  menuIds: splitIds(r.menuIds),
  menuAllData: splitIds(r.menuAllData),
});

export default function RoleForm() {
  const { tree, loading, offline, onRetry } = useMenuTree();
  return (
    <CrudForm
      entity="role"
      listPath="/RoleList"
      keyParam="id"
      empty={empty}
      fields={fields}
      save={addOrEditRole}
      load={(id) => call(getRoleById, { id })}
      toValues={toValues}
      toPayload={(v) => ({
        id: v.id,
        roleName: v.roleName,
        companys: v.companys.join(','),
        departments: v.departments.join(','),
        users: v.users.join(','),
        menuIds: v.menuIds.join(','),
        // Without the tree (it failed to load) the loaded flags are kept as they are.
        menuAllData: (tree.length ? sentAllData(tree, v.menuIds, v.menuAllData) : v.menuAllData).join(','),
      })}
    >
      {(form) => (
        <RoleMenuTree
          tree={tree}
          loading={loading}
          offline={offline}
          onRetry={onRetry}
          value={{ menuIds: form.values.menuIds, menuAllData: form.values.menuAllData }}
          onChange={(v) => {
            form.setFieldValue('menuIds', v.menuIds);
            form.setFieldValue('menuAllData', v.menuAllData);
          }}
        />
      )}
    </CrudForm>
  );
}
