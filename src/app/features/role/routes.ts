// Role screens by route component (spec part 2 §2 Roles).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./role-form'));

export const routes: RouteTable = {
  RoleList: lazy(() => import('./role-list')),
  RoleAdd: form,
  RoleEdit: form,
  RoleDetails: lazy(() => import('./role-details')),
};
