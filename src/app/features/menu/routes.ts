// Menu screens by route component (spec part 2 §2 Menus).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./menu-form'));

export const routes: RouteTable = {
  MenuList: lazy(() => import('./menu-list')),
  MenuQuerySubmenu: lazy(() => import('./menu-query-submenu')),
  MenuAdd: form,
  MenuEdit: form,
  MenuAddSubmenu: form,
  MenuDetails: lazy(() => import('./menu-details')),
};
