// /UserList: users with the disabled, company, department (options follow the chosen company) and keyword filters;
// the disable switch; Details, Edit and Edit password (the last two hidden for disabled users); the administrator's
// Set password dialog for holders of btn:UserList.setPassword; Add; 50 a page (spec part 2 §2 Users, §6). The super
// user's row offers changes to the super user only (the server refuses anyone else).
import { useState } from 'react';
import type { FilterDef } from '@/app/components/crud/filters';
import type { FilterValues } from '@/app/components/crud/list-state';
import { companyLookup } from '@/app/components/crud/lookups';
import { departmentFilterLookup } from '@/app/components/pickers/department-filter';
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter } from '@/app/components/crud/filters';
import { useSession } from '@/app/session/session';
import { disabledUser, getUserPage, type UserItem } from '@/shared/contracts/user';
import { isSuperUser } from '@/shared/domain/constants';
import { SetPasswordDialog } from './set-password-dialog';

const filters = (draft: FilterValues): FilterDef[] => [
  disabledFilter(),
  { kind: 'remote', key: 'companyNumber', label: 'fields.user.companyName', lookup: companyLookup },
  { kind: 'remote', key: 'departmentNumber', label: 'fields.user.departmentName', lookup: departmentFilterLookup(draft.companyNumber ?? '') },
  { kind: 'text', key: 'keyword', label: 'fields.user.keyword' },
];
const resets = { companyNumber: ['departmentNumber'] };

export default function UserList() {
  const [target, setTarget] = useState<UserItem | null>(null);
  const self = useSession()?.number;
  /** Edit and the password actions: hidden for disabled users, and for the super user unless they are the viewer. */
  const locked = (r: UserItem) => r.isDisabled || (isSuperUser(r.number) && !isSuperUser(self));
  return (
    <CrudList
      screen="UserList"
      entity="user"
      endpoint={getUserPage}
      filters={filters}
      resets={resets}
      rowKey="id"
      columns={[{ key: 'companyName' }, { key: 'departmentName' }, { key: 'account' }, { key: 'number' }, { key: 'email' }]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:UserList.add', to: '/UserAdd?id=0' }]}
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:UserList.details', to: (r) => `/UserDetails?id=${r.id}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:UserList.edit', hidden: locked, to: (r) => `/UserEdit?id=${r.id}` },
        {
          key: 'password',
          label: 'pages.user.editPassword',
          permission: 'btn:UserList.password',
          hidden: locked,
          to: (r) => `/UserEditPassword?id=${r.id}`,
        },
        {
          key: 'setPassword',
          label: 'pages.user.setPassword',
          permission: 'btn:UserList.setPassword',
          hidden: locked,
          color: 'orange',
          run: (r) => setTarget(r),
        },
      ]}
      disable={{ endpoint: disabledUser, input: (r, isDisabled) => ({ id: r.id, isDisabled }) }}
    >
      <SetPasswordDialog user={target} onClose={() => setTarget(null)} />
    </CrudList>
  );
}
