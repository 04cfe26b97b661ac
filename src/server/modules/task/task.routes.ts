// Scheduled-task calls (spec part 3 §7 TaskOptions): thin handlers over task.service. Who may call them is decided by
// the menu grants of the TaskOptions screen (seed/menus.ts). AddTaskOptions and Update share the save (id 0 adds).
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/task';
import { bindRoute } from '../../plugins/contracts';
import { deleteTask, pauseTask, runTask, saveTask, startTask, taskById, taskLogPage, taskPage } from './task.service';

export async function taskRoutes(app: FastifyInstance) {
  bindRoute(app, c.getTaskPage, ({ db, input }) => taskPage(db, input));
  bindRoute(app, c.getTaskById, ({ db, input }) => taskById(db, input.id));
  bindRoute(app, c.addTask, ({ db, user, input }) => saveTask(db, user, input));
  bindRoute(app, c.updateTask, ({ db, user, input }) => saveTask(db, user, input));
  bindRoute(app, c.pauseTask, ({ db, user, input }) => pauseTask(db, user, input.id));
  bindRoute(app, c.startTask, ({ db, user, input }) => startTask(db, user, input.id));
  bindRoute(app, c.runTask, ({ db, user, input }) => runTask(db, user, input.id));
  bindRoute(app, c.deleteTask, ({ db, user, input }) => deleteTask(db, user, input.id));
  bindRoute(app, c.delTask, ({ db, user, input }) => deleteTask(db, user, input.id));
  bindRoute(app, c.getTaskLog, ({ db, input }) => taskLogPage(db, input));
}
