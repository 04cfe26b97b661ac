// /MenuAdd?id=0, /MenuEdit?id and /MenuAddSubmenu?parentMenuId: type, the three names (EN and ZH-TW required), icon,
// route path, name, component and parent name (Home by default), sort 0–99999, no-requires-auth and data scope; a
// new submenu shows its parent's info panel and returns to the parent's submenus (spec part 2 §2 Menus, §5).
// API entries, no-requires-auth and a screen's data-scope flag are the super user's (issue 6): for anyone else those
// inputs are locked, and the server's refusals (menuSuperUserOnly, menuRouteExists) show as the save's error.
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { queryParam } from '@/app/components/crud/form-logic';
import { FormCheckbox } from '@/app/components/crud/form-inputs';
import { useSession } from '@/app/session/session';
import { addOrEditMenu, getMenuById, type MenuItem } from '@/shared/contracts/menu';
import { isSuperUser } from '@/shared/domain/constants';
import { DEFAULT_ROUTE_PARENT } from '@/shared/domain/organisation';
import { menuTypeOptions } from './menu-options';
import { ParentPanel, useParentMenu } from './parent-panel';

interface Values extends Record<string, unknown> {
  id: number;
  type: string;
  menuNameEN: string;
  menuNameZHTW: string;
  menuNameZHCN: string;
  icon: string;
  routePath: string;
  routeName: string;
  routeComponent: string;
  routeParentName: string;
  sort: number | '';
  parentMenuId: number;
  noRequiresAuth: boolean;
  isData: boolean;
}

const API_TYPE = '3';

const fieldsFor = (superUser: boolean): FieldDef<Values>[] => [
  {
    name: 'type',
    kind: 'select',
    options: superUser ? menuTypeOptions : menuTypeOptions.filter((o) => o.value !== API_TYPE),
    required: true,
    disabled: ({ values }) => !superUser && values.type === API_TYPE,
  },
  { name: 'menuNameEN', required: true },
  { name: 'menuNameZHTW', required: true },
  { name: 'menuNameZHCN' },
  { name: 'icon' },
  { name: 'routePath' },
  { name: 'routeName' },
  { name: 'routeComponent' },
  { name: 'routeParentName' },
  { name: 'sort', kind: 'number', decimals: 0 },
  {
    name: 'noRequiresAuth',
    render: (form) => <FormCheckbox form={form} name="noRequiresAuth" label="fields.menu.noRequiresAuth" disabled={!superUser} />,
  },
  {
    name: 'isData',
    render: (form, { mode }) => <FormCheckbox form={form} name="isData" label="fields.menu.isData" disabled={!superUser && mode === 'edit'} />,
  },
];

const emptyFor = (parentMenuId: number): Values => ({
  id: 0,
  type: '1',
  menuNameEN: '',
  menuNameZHTW: '',
  menuNameZHCN: '',
  icon: '',
  routePath: '',
  routeName: '',
  routeComponent: '',
  routeParentName: DEFAULT_ROUTE_PARENT,
  sort: 0,
  parentMenuId,
  noRequiresAuth: false,
  isData: false,
});

const toValues = (r: MenuItem): Values => ({
  id: r.id,
  type: String(r.type),
  menuNameEN: r.menuNameEN,
  menuNameZHTW: r.menuNameZHTW,
  menuNameZHCN: r.menuNameZHCN,
  icon: r.icon,
  routePath: r.routePath,
  routeName: r.routeName,
  routeComponent: r.routeComponent,
  routeParentName: r.routeParentName,
  sort: r.sort,
  parentMenuId: r.parentMenuId ?? 0,
  noRequiresAuth: r.noRequiresAuth,
  isData: r.isData,
});

export default function MenuForm() {
  const [params] = useSearchParams();
  const parentMenuId = Number(queryParam(params, 'parentMenuId')) || 0;
  const parentMenu = useParentMenu(parentMenuId);
  const superUser = isSuperUser(useSession()?.number);
  return (
    <Stack gap="sm">
      {parentMenuId > 0 && <ParentPanel {...parentMenu} />}
      <CrudForm
        key={parentMenuId}
        entity="menu"
        listPath={parentMenuId ? `/MenuQuerySubmenu?parentMenuId=${parentMenuId}` : '/MenuList'}
        keyParam="id"
        empty={emptyFor(parentMenuId)}
        fields={fieldsFor(superUser)}
        save={addOrEditMenu}
        load={(id) => call(getMenuById, { id })}
        toValues={toValues}
        toPayload={(v) => ({ ...v, type: Number(v.type), parentMenuId: v.parentMenuId || undefined })}
      />
    </Stack>
  );
}
