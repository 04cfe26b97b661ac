// Department calls: bind the contracts of src/shared/contracts/department.ts to the service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/department';
import { bindRoute } from '../../plugins/contracts';
import { departmentInScope, departmentList, departmentPage, saveDepartment, toggleDepartment } from './department.service';

export async function departmentRoutes(app: FastifyInstance) {
  bindRoute(app, c.getDepartmentList, async ({ db, input, scope }) => departmentList(db, await scope(), input));
  bindRoute(app, c.getDepartmentPage, async ({ db, input, scope }) => departmentPage(db, await scope(), input));
  bindRoute(app, c.getDepartment, async ({ db, input, scope }) => departmentInScope(db, await scope(), input.id));
  bindRoute(app, c.addOrEditDepartment, async ({ db, input, user, scope }) => ({ id: await saveDepartment(db, user, await scope(), input) }));
  bindRoute(app, c.disabledDepartment, async ({ db, input, user, scope }) => {
    await toggleDepartment(db, user, await scope(), input.id, input.isDisabled, input.companyNumber);
    return null;
  });
}
