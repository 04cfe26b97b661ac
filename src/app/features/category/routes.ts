// Category screens by route component (spec part 2 §2 Categories).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./category-form'));

export const routes: RouteTable = {
  Cgy: lazy(() => import('./category-list')),
  AddCategory: form,
  EditCategory: form,
};
