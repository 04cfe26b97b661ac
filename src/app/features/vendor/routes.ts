// Vendor screens by route component (spec part 2 §2 Vendors).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./vendor-form'));

export const routes: RouteTable = {
  Vendor: lazy(() => import('./vendor-list')),
  AddVendor: form,
  EditVendor: form,
  VendorDetail: lazy(() => import('./vendor-detail')),
};
