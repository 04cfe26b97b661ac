// Menu calls: the user's side menu and route lookup, and menu management (tree, page, get, add or edit, delete, disable).
import type { FastifyInstance } from 'fastify';
import { addOrEditMenu, delMenu, disabledMenu, getMenuById, getMenuPage, getMenusByUser, getMenuTree } from '@/shared/contracts/menu';
import { bindRoute } from '../../plugins/contracts';
import { refuse } from '../../plugins/errors';
import {
  buildTree,
  deleteMenu,
  findRoute,
  menuById,
  menuPage,
  menuTree,
  routeExists,
  saveMenu,
  toggleMenu,
  visibleMenus,
} from './menu.service';

export async function menuRoutes(app: FastifyInstance) {
  bindRoute(app, getMenusByUser, async ({ db, user, input }) => {
    const rows = await visibleMenus(db, user);
    let currentMenu = null;
    if (input.routePath) {
      const m = findRoute(rows, input.routePath);
      if (!m) return refuse((await routeExists(db, input.routePath)) ? '401' : '404');
      currentMenu = {
        id: m.id,
        routeComponent: m.routeComponent,
        routePath: m.routePath,
        routeName: m.routeName,
        routeParentName: m.routeParentName,
        menuNameEN: m.menuNameEN,
        menuNameZHTW: m.menuNameZHTW,
        menuNameZHCN: m.menuNameZHCN,
      };
    }
    return {
      sideMenuList: buildTree(rows.filter((m) => m.type === 1)),
      buttons: rows.filter((m) => m.type === 2 && m.code).map((m) => m.code as string),
      currentMenu,
    };
  });

  bindRoute(app, getMenuTree, async ({ db }) => menuTree(db));
  bindRoute(app, getMenuPage, async ({ db, input }) => menuPage(db, input));
  bindRoute(app, getMenuById, async ({ db, input }) => menuById(db, input.id));
  bindRoute(app, addOrEditMenu, async ({ db, input, user }) => ({ id: await saveMenu(db, user, input) }));
  bindRoute(app, delMenu, async ({ db, input, user }) => {
    await deleteMenu(db, user, input.id);
    return null;
  });
  bindRoute(app, disabledMenu, async ({ db, input, user }) => {
    await toggleMenu(db, user, input.id, input.isDisabled);
    return null;
  });
}
