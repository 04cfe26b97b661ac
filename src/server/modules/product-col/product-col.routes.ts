// Product colour calls (spec part 2 §7): thin handlers over product-col.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/product-col';
import { bindRoute } from '../../plugins/contracts';
import { productColById, productColList, productColPage, saveProductCol, toggleProductCol } from './product-col.service';

export async function productColRoutes(app: FastifyInstance) {
  bindRoute(app, c.getProductColPage, ({ db, input }) => productColPage(db, input));
  bindRoute(app, c.getProductColList, ({ db, input }) => productColList(db, input));
  bindRoute(app, c.getProductColById, ({ db, input }) => productColById(db, input.id));
  bindRoute(app, c.addProductCol, ({ db, user, input }) => saveProductCol(db, user, input));
  bindRoute(app, c.disabledProductCol, async ({ db, user, input }) => {
    await toggleProductCol(db, user, input, input.isDisabled);
    return null;
  });
}
