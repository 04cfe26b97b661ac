// /RoleDetails?id: the role's name, users, companies and departments, Return, and the read-only tree of its menus and
// buttons (tagged menu or button, with the all-data marks) in the user's language (spec part 2 §2 Roles).
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudDetail } from '@/app/components/crud/crud-detail';
import { queryParam, recordKeyProblem } from '@/app/components/crud/form-logic';
import { getRoleById, type RoleDetail } from '@/shared/contracts/role';
import { spacedNames, splitIds } from './role-lookups';
import { RoleMenuTree, useMenuTree } from './role-menu-tree';

export default function RoleDetails() {
  const [role, setRole] = useState<RoleDetail | null>(null);
  // A role that does not load (roleNotExist) has no tree to show, rather than a tree that keeps loading.
  const [failed, setFailed] = useState(false);
  const { tree, loading, offline, onRetry } = useMenuTree();
  // An id that names no role (the detail shows "not found" without asking) has no tree either.
  const [params] = useSearchParams();
  const badKey = recordKeyProblem(queryParam(params, 'id'), 'id') !== null;
  return (
    <Stack gap="md">
      <CrudDetail<RoleDetail>
        entity="role"
        listPath="/RoleList"
        keyParam="id"
        load={async (id) => {
          try {
            const r = await call(getRoleById, { id });
            setRole(r);
            return r;
          } catch (err) {
            setFailed(true);
            throw err;
          }
        }}
        fields={[
          { key: 'roleName' },
          { key: 'userNames', render: (r) => spacedNames(r.userNames) },
          { key: 'companyNames', render: (r) => spacedNames(r.companyNames) },
          { key: 'departmentNames', render: (r) => spacedNames(r.departmentNames) },
        ]}
      />
      {!failed && !badKey && (
        <RoleMenuTree tree={tree} loading={loading || !role} offline={offline} onRetry={onRetry} value={{ menuIds: splitIds(role?.menuIds ?? ''), menuAllData: splitIds(role?.menuAllData ?? '') }} />
      )}
    </Stack>
  );
}
