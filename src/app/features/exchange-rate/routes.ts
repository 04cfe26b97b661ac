// Exchange-rate screens by route component (spec part 1 §2 ExchangeRateList, ExchangeRateAdd, ExchangeRateEdit).
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./exchange-rate-form'));

export const routes: RouteTable = {
  ExchangeRateList: lazy(() => import('./exchange-rate-list')),
  ExchangeRateAdd: form,
  ExchangeRateEdit: form,
};
