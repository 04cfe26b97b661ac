// Sales target screens by route component (spec part 1 §2): the list, and one form for add/copy and edit/query.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./sales-target-form'));

export const routes: RouteTable = {
  SalesTargetList: lazy(() => import('./sales-target-list')),
  SalesTargetAdd: form,
  SalesTargetEdit: form,
};
