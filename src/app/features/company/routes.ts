// Company screens by route component (spec part 2 §2 Companies).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./company-form'));

export const routes: RouteTable = {
  CompanyList: lazy(() => import('./company-list')),
  CompanyAdd: form,
  CompanyEdit: form,
  CompanyDetails: lazy(() => import('./company-details')),
};
