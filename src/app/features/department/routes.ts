// Department screens by route component (spec part 2 §2 Departments).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./department-form'));

export const routes: RouteTable = {
  DepartmentList: lazy(() => import('./department-list')),
  DepartmentAdd: form,
  DepartmentEdit: form,
};
