// STUB: the feature's screens by route component.
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {};
