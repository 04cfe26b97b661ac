// User management calls: bind the contracts of src/shared/contracts/user.ts (page, list, get, add or edit, disable) to the service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/user';
import { bindRoute } from '../../plugins/contracts';
import { saveUser, toggleUser, userInScope, userList, userPage } from './user.service';

export async function userRoutes(app: FastifyInstance) {
  bindRoute(app, c.getUserPage, async ({ db, input, scope }) => userPage(db, await scope(), input));
  bindRoute(app, c.getUserList, async ({ db, input, scope }) => userList(db, await scope(), input));
  bindRoute(app, c.getUserById, async ({ db, input, scope }) => userInScope(db, await scope(), input.id));
  bindRoute(app, c.addOrEditUser, async ({ db, input, user, scope }) => ({ id: await saveUser(db, user, await scope(), input) }));
  bindRoute(app, c.disabledUser, async ({ db, input, user, scope }) => {
    await toggleUser(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
}
