// Role calls: bind the contracts of src/shared/contracts/role.ts to the service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/role';
import { bindRoute } from '../../plugins/contracts';
import { deleteRole, roleById, rolePage, saveRole, toggleRole } from './role.service';

export async function roleRoutes(app: FastifyInstance) {
  bindRoute(app, c.getRolePage, async ({ db, input, scope }) => rolePage(db, await scope(), input));
  bindRoute(app, c.getRoleById, async ({ db, input, scope }) => roleById(db, await scope(), input.id));
  bindRoute(app, c.addOrEditRole, async ({ db, input, user, scope }) => ({ id: await saveRole(db, user, await scope(), input) }));
  bindRoute(app, c.delRole, async ({ db, input, scope }) => {
    await deleteRole(db, await scope(), input.id);
    return null;
  });
  bindRoute(app, c.disabledRole, async ({ db, input, user, scope }) => {
    await toggleRole(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
}
