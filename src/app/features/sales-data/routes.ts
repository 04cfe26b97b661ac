// Period sales data screens by route component (spec part 1 §2): the list and the add/edit/query form.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {
  SalesDataList: lazy(() => import('./sales-data-list')),
  SalesDataEdit: lazy(() => import('./sales-data-form')),
};
