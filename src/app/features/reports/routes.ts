// Report screens by route component (spec part 1 §2 Reports): two model reports (paged) and three grid reports.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {
  SalesDataReport: lazy(() => import('./sales-data-report')),
  SalesTargetAnalysisReport: lazy(() => import('./sales-target-analysis-report')),
  SalesTargetTotalReport: lazy(() => import('./sales-target-total-report')),
  DailyDataReport: lazy(() => import('./daily-data-report')),
  MondayDataReport: lazy(() => import('./monday-data-report')),
};
