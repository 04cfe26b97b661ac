// Scheduled-task screens by route component (spec part 3 §2.6): the task list, its add/edit form and the run log.
import { lazy } from 'react';
import type { RouteTable } from '@/app/route-table';

const form = lazy(() => import('./task-form'));

export const routes: RouteTable = {
  TaskOptions: lazy(() => import('./task-list')),
  AddTaskOptions: form,
  EditTaskOptions: form,
  ShowTaskLog: lazy(() => import('./task-log')),
};
