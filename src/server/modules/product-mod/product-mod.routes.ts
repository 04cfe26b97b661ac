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
  bindRoute(app, c.getProductModPage, async ({ db, input, scope }) => productModPage(db, await scope(), input));
  bindRoute(app, c.getProductModList, async ({ db, input, scope }) => productModList(db, await scope(), input));
  bindRoute(app, c.getProductModList2, async ({ db, input, scope }) => productModList2(db, await scope(), input));
  bindRoute(app, c.getProductModById, async ({ db, input, scope }) => productModById(db, await scope(), input.id));
  bindRoute(app, c.addProductMod, async ({ db, user, input, scope }) => saveProductMod(db, user, await scope(), input));
  bindRoute(app, c.disabledProductMod, async ({ db, user, input, scope }) => {
    await toggleProductMod(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
}
