// Product colour screens by route component (spec part 2 §2 Product colours).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./product-col-form'));

export const routes: RouteTable = {
  ProductCol: lazy(() => import('./product-col-list')),
  AddProductCol: form,
  EditProductCol: form,
};
