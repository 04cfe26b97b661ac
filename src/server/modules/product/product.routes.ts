// Product calls (spec part 2 §7): thin handlers over product.service, which applies the country scope.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/product';
import { bindRoute } from '../../plugins/contracts';
import { productByCode, productList, productPage, saveProduct, toggleProduct } from './product.service';

export async function productRoutes(app: FastifyInstance) {
  bindRoute(app, c.getProductPage, async ({ db, input, scope }) => productPage(db, await scope(), input));
  bindRoute(app, c.getProductList, async ({ db, input, scope }) => productList(db, await scope(), input));
  bindRoute(app, c.getProductByCode, async ({ db, input, scope }) => productByCode(db, await scope(), input.productCode));
  bindRoute(app, c.addProduct, async ({ db, user, input, scope }) => saveProduct(db, user, await scope(), input));
  bindRoute(app, c.disabledProduct, async ({ db, user, input, scope }) => {
    await toggleProduct(db, user, await scope(), input, input.isDisabled);
    return null;
  });
}
