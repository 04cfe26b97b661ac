// Mail-record screens by route component (spec part 3 §2.7 /MailRecordList).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

export const routes: RouteTable = {
  MailRecordList: lazy(() => import('./mail-record-list')),
};
