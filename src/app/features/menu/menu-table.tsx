// The menu entries of one level (top level on /MenuList, a parent's submenus on /MenuQuerySubmenu): the disabled
// filter (default no), name in the user's language, route fields, sort and the disable switch; Details, Edit,
// Delete (confirmed; refused while it has submenus; success removes the row), Query submenus, Add submenu; Add;
// 10 a page (spec part 2 §2 Menus, §4, §8).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { CrudList } from '@/app/components/crud/crud-list';
import { menuName } from '@/app/i18n/i18n';
import { delMenu, disabledMenu, getMenuPage, type MenuItem } from '@/shared/contracts/menu';
import { MENU_TYPE } from '@/shared/domain/constants';

const filters: FilterDef[] = [disabledFilter()];
/** API entries (type 3) are leaves: no submenu actions. */
const isApi = (r: MenuItem) => r.type === MENU_TYPE.api;

export function MenuTable({ screen, parentMenuId }: { screen: string; parentMenuId?: number }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const fixed = useMemo(() => ({ parentMenuId }), [parentMenuId]);
  return (
    <CrudList
      screen={screen}
      entity="menu"
      endpoint={getMenuPage}
      fixed={fixed}
      filters={filters}
      rowKey="id"
      columns={[
        { key: 'menuName', render: (r) => menuName(r) },
        { key: 'routePath' },
        { key: 'routeName' },
        { key: 'routeComponent' },
        { key: 'routeParentName' },
        { key: 'sort', width: 80 },
      ]}
      toolbar={
        parentMenuId
          ? []
          : [{ key: 'add', label: 'crud.add', permission: 'btn:MenuList.add', to: '/MenuAdd?id=0' }]
      }
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:MenuList.details', to: (r) => `/MenuDetails?id=${r.id}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:MenuList.edit', to: (r) => `/MenuEdit?id=${r.id}` },
        {
          key: 'delete',
          label: 'common.delete',
          color: 'red',
          run: (r, reload) =>
            void confirm(t('pages.menu.deleteConfirm', { name: menuName(r) })).then(async (ok) => {
              if (!ok) return;
              try {
                await call(delMenu, { id: r.id });
                showSuccess('common.deleted');
                reload();
              } catch (err) {
                showError(err);
              }
            }),
        },
        {
          key: 'querySubmenu',
          label: 'pages.menu.querySubmenu',
          permission: 'btn:MenuList.querySubmenu',
          hidden: isApi,
          to: (r) => `/MenuQuerySubmenu?parentMenuId=${r.id}`,
        },
        {
          key: 'addSubmenu',
          label: 'pages.menu.addSubmenu',
          permission: 'btn:MenuList.addSubmenu',
          hidden: isApi,
          to: (r) => `/MenuAddSubmenu?parentMenuId=${r.id}`,
        },
      ]}
      disable={{ endpoint: disabledMenu, input: (r, isDisabled) => ({ id: r.id, isDisabled }) }}
    >
      {dialog}
    </CrudList>
  );
}
