// Screens of this area by route component (filled in by the area's screens).
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {};
