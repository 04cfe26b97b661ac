// Exchange-rate calls (spec part 1 §7): thin handlers over exchange-rate.service, in the caller's country scope.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/exchange-rate';
import { bindRoute } from '../../plugins/contracts';
import { exchangeRateById, exchangeRatePage, saveExchangeRate } from './exchange-rate.service';

export async function exchangeRateRoutes(app: FastifyInstance) {
  bindRoute(app, c.getExchangeRatePage, async ({ db, input, scope }) => exchangeRatePage(db, await scope(), input));
  bindRoute(app, c.getExchangeRateById, async ({ db, input, scope }) => exchangeRateById(db, await scope(), input.id));
  bindRoute(app, c.addExchangeRate, async ({ db, user, input, scope }) => saveExchangeRate(db, user, await scope(), input));
}
