// Category calls (spec part 2 §7): thin handlers over category.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/category';
import { bindRoute } from '../../plugins/contracts';
import { categoryById, categoryList, categoryPage, saveCategory, toggleCategory } from './category.service';

export async function categoryRoutes(app: FastifyInstance) {
  bindRoute(app, c.getCategoryPage, ({ db, input }) => categoryPage(db, input));
  bindRoute(app, c.getCategoryList, ({ db, input }) => categoryList(db, input));
  bindRoute(app, c.getCategoryById, ({ db, input }) => categoryById(db, input.id));
  bindRoute(app, c.addCategory, ({ db, user, input }) => saveCategory(db, user, input));
  bindRoute(app, c.disabledCategory, async ({ db, user, input }) => {
    await toggleCategory(db, user, input.id, input.isDisabled);
    return null;
  });
}
