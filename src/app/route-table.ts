// Maps a menu's routeComponent (from the server) to a lazy screen. Each feature exports its own table
// (features/<area>/routes.ts: `export const routes: RouteTable = { Product: lazy(() => import('./product-list')) }`);
// this file joins them. Add one import and one array entry per feature.
import type { ComponentType, LazyExoticComponent } from 'react';
import { routes as categoryRoutes } from './features/category/routes';
import { routes as currencyRoutes } from './features/currency/routes';
import { routes as productRoutes } from './features/product/routes';
import { routes as productColRoutes } from './features/product-col/routes';
import { routes as productModRoutes } from './features/product-mod/routes';
import { routes as vendorRoutes } from './features/vendor/routes';
import { routes as companyRoutes } from './features/company/routes';
import { routes as departmentRoutes } from './features/department/routes';
import { routes as userRoutes } from './features/user/routes';
import { routes as roleRoutes } from './features/role/routes';
import { routes as menuRoutes } from './features/menu/routes';
import { routes as weekSalesRoutes } from './features/week-sales/routes';
import { routes as salesDataRoutes } from './features/sales-data/routes';
import { routes as salesTargetRoutes } from './features/sales-target/routes';
import { routes as exchangeRateRoutes } from './features/exchange-rate/routes';
import { routes as reportRoutes } from './features/reports/routes';
import { routes as workflowRoutes } from './features/workflow/routes';
import { routes as mailRecordRoutes } from './features/mail-record/routes';
import { routes as taskRoutes } from './features/task/routes';

export type LazyScreen = LazyExoticComponent<ComponentType>;
export type RouteTable = Record<string, LazyScreen>;

const tables: RouteTable[] = [
  // feature tables go here
  productRoutes,
  categoryRoutes,
  productModRoutes,
  productColRoutes,
  currencyRoutes,
  vendorRoutes,
  companyRoutes,
  departmentRoutes,
  userRoutes,
  roleRoutes,
  menuRoutes,
  weekSalesRoutes,
  salesDataRoutes,
  salesTargetRoutes,
  exchangeRateRoutes,
  reportRoutes,
  workflowRoutes,
  mailRecordRoutes,
  taskRoutes,
];

/** The screen for a routeComponent name, case-insensitively. */
export function screenFor(routeComponent: string): LazyScreen | undefined {
  const key = routeComponent.toLowerCase();
  for (const t of tables) for (const [name, screen] of Object.entries(t)) if (name.toLowerCase() === key) return screen;
  return undefined;
}
