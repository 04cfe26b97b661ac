// Product screens by route component (spec part 2 §2 Products).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./product-form'));

export const routes: RouteTable = {
  Product: lazy(() => import('./product-list')),
  ProductDetail: lazy(() => import('./product-detail')),
  AddProduct: form,
  EditProduct: form,
};
