// Currency screens by route component (spec part 2 §2 Currencies).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./currency-form'));

export const routes: RouteTable = {
  Currency: lazy(() => import('./currency-list')),
  AddCurrency: form,
  EditCurrency: form,
};
