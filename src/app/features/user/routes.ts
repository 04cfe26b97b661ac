// User screens by route component (spec part 2 §2 Users).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./user-form'));

export const routes: RouteTable = {
  UserList: lazy(() => import('./user-list')),
  UserAdd: form,
  UserEdit: form,
  UserDetails: lazy(() => import('./user-details')),
  UserEditPassword: lazy(() => import('./user-edit-password')),
};
