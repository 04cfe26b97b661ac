// Weekly sales screens by route component (spec part 1 §2): the list, the entry form and the month-change page.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {
  WeekSalesDataList: lazy(() => import('./week-sales-list')),
  WeekSalesData: lazy(() => import('./week-sales-form')),
  EditWeekSalesData: lazy(() => import('./week-sales-month')),
};
