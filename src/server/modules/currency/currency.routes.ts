// Currency calls (spec part 2 §7): thin handlers over currency.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/currency';
import { bindRoute } from '../../plugins/contracts';
import { currencyById, currencyList, currencyPage, saveCurrency, toggleCurrency } from './currency.service';

export async function currencyRoutes(app: FastifyInstance) {
  bindRoute(app, c.getCurrencyPage, ({ db, input }) => currencyPage(db, input));
  bindRoute(app, c.getCurrencyList, ({ db, input }) => currencyList(db, input));
  bindRoute(app, c.getCurrencyById, ({ db, input }) => currencyById(db, input.id));
  bindRoute(app, c.addCurrency, ({ db, user, input }) => saveCurrency(db, user, input));
  bindRoute(app, c.disabledCurrency, async ({ db, user, input }) => {
    await toggleCurrency(db, user, input.id, input.isDisabled);
    return null;
  });
}
