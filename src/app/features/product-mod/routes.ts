// Product model screens by route component (spec part 2 §2 Product models).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./product-mod-form'));

export const routes: RouteTable = {
  ProductMod: lazy(() => import('./product-mod-list')),
  AddProductMod: form,
  EditProductMod: form,
};
