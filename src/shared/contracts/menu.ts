// Menu calls (spec part 2 §7 roles and menus): the user's side menu, and menu management (tree, page, get, add or edit, delete, disable).
import { z } from 'zod';
import { DEFAULT_ROUTE_PARENT, MENU_SORT_MAX } from '../domain/organisation';
import { get, listParams, listResult, none, onRoute, post } from './endpoint';
import { identityRoutes } from './routes';
import { id, int, optBool, optText, recordId, reqBool, reqText } from './fields';
import { optRef } from './user';

/** The fields of a menu entry that the side menu, the tree and the menu list all show. */
const menuFields = z.object({
  id: z.number(),
  parentMenuId: z.number().nullable(),
  type: z.number(),
  menuNameZHCN: z.string(),
  menuNameEN: z.string(),
  menuNameZHTW: z.string(),
  icon: z.string(),
  routePath: z.string(),
  routeName: z.string(),
  routeComponent: z.string(),
  routeParentName: z.string(),
  sort: z.number(),
  isData: z.boolean(),
});

export type MenuNode = z.infer<typeof menuFields> & { submenuList: MenuNode[] };
export const menuNode: z.ZodType<MenuNode> = z.lazy(() => menuFields.extend({ submenuList: z.array(menuNode) }));

export const currentMenu = z.object({
  id: z.number(),
  routeComponent: z.string(),
  routePath: z.string(),
  routeName: z.string(),
  routeParentName: z.string(),
  menuNameEN: z.string(),
  menuNameZHTW: z.string(),
  menuNameZHCN: z.string(),
});
export type CurrentMenu = z.infer<typeof currentMenu>;

/**
 * The granted side-menu tree, the granted button codes, and (with routePath) the menu entry of that route.
 * A route the user may not open is refused with msg "401".
 */
export const getMenusByUser = onRoute(
  identityRoutes.getMenusByUser,
  z.object({ userNumber: optText, routePath: optText }),
  z.object({ sideMenuList: z.array(menuNode), buttons: z.array(z.string()), currentMenu: currentMenu.nullable() }),
);

// --- Menu management (spec part 2 §2 Menus, §5, §7).

/** A node of the role form's menu tree: side menus (type 1) and buttons (type 2). */
export interface MenuTreeNode {
  id: number;
  type: number;
  isData: boolean;
  menuNameEN: string;
  menuNameZHTW: string;
  menuNameZHCN: string;
  submenuList: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    type: z.number(),
    isData: z.boolean(),
    menuNameEN: z.string(),
    menuNameZHTW: z.string(),
    menuNameZHCN: z.string(),
    submenuList: z.array(menuTreeNode),
  }),
);

export const menuItem = menuFields.extend({
  /** Stable key of a seeded entry; null for entries made through the API. Never changed by the API. */
  code: z.string().nullable(),
  noRequiresAuth: z.boolean(),
  isDisabled: z.boolean(),
  /** Number of direct submenus (delete is refused while there are any). */
  submenuCount: z.number(),
});
export type MenuItem = z.infer<typeof menuItem>;

const optString = (max: number) => z.preprocess((v) => v ?? '', z.string().trim().max(max)).default('');
const flag = z.preprocess((v) => (v === '' || v === null || v === undefined ? false : v), reqBool);

/** The menu form and the addoreditmenu body: id 0 adds; parentMenuId 0 or empty means top level. Refusal: menuParentInvalid. */
export const menuForm = z.object({
  id: id.default(0),
  type: int(1, 3),
  menuNameZHCN: optString(100),
  menuNameEN: reqText(100),
  menuNameZHTW: reqText(100),
  icon: optString(100),
  routePath: optString(300),
  routeName: optString(100),
  routeComponent: optString(100),
  routeParentName: z.preprocess((v) => (v === null || v === undefined || (typeof v === 'string' && !v.trim()) ? DEFAULT_ROUTE_PARENT : v), z.string().trim().max(100)),
  sort: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), int(0, MENU_SORT_MAX)),
  parentMenuId: optRef,
  noRequiresAuth: flag,
  isData: flag,
});
export type MenuFormInput = z.input<typeof menuForm>;
export type MenuForm = z.output<typeof menuForm>;

/** Side menus and buttons (enabled), nested, ordered by sort then id. */
export const getMenuTree = get('/api/menu/getmenutree', z.object({}), z.array(menuTreeNode));

/** Entries under parentMenuId (empty: top level), ordered by sort then id. */
export const getMenuPage = get(
  '/api/menu/getmenupage',
  listParams.extend({ isDisabled: optBool, parentMenuId: optRef }),
  listResult(menuItem),
);

export const getMenuById = get('/api/menu/getmenubyid', z.object({ id: recordId }), menuItem);

/** Replies the saved id. */
export const addOrEditMenu = post('/api/menu/addoreditmenu', menuForm, z.object({ id: z.number() }));

/** Refusal: menuHasSubmenus. Removes the entry's grants too. */
export const delMenu = post('/api/menu/delmenu', z.object({ id: recordId }), none);

export const disabledMenu = post('/api/menu/disabledmenu', z.object({ id: recordId, isDisabled: reqBool }), none);
