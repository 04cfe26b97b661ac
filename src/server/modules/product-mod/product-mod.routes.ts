// Product model calls (spec part 2 §7): thin handlers over product-mod.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/product-mod';
import { bindRoute } from '../../plugins/contracts';
import {
  productModById,
  productModList,
  productModList2,
  productModPage,
  saveProductMod,
  toggleProductMod,
} from './product-mod.service';

export async function productModRoutes(app: FastifyInstance) {
  bindRoute(app, c.getProductModPage, ({ db, input }) => productModPage(db, input));
  bindRoute(app, c.getProductModList, ({ db, input }) => productModList(db, input));
  bindRoute(app, c.getProductModList2, ({ db, input }) => productModList2(db, input));
  bindRoute(app, c.getProductModById, ({ db, input }) => productModById(db, input.id));
  bindRoute(app, c.addProductMod, ({ db, user, input }) => saveProductMod(db, user, input));
  bindRoute(app, c.disabledProductMod, async ({ db, user, input }) => {
    await toggleProductMod(db, user, input.id, input.isDisabled);
    return null;
  });
}
