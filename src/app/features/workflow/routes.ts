// Approval workflow screens by route component (spec part 3 §2.1–2.3): the template list, its add/edit form and the
// flow designer.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./template-form'));

export const routes: RouteTable = {
  WorkFlowTemplateList: lazy(() => import('./template-list')),
  WorkFlowTemplateAdd: form,
  WorkFlowTemplateEdit: form,
  WorkFlowFlows: lazy(() => import('./flow-designer')),
};
