// Weekly sales and period sales data calls (spec part 1 §7): thin handlers over week-sales.service and
// sales-data.service. Each call works under the data scope of its screen (/WeekSalesDataList, /SalesDataList).
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/sales-data';
import { bindRoute, type Ctx } from '../../plugins/contracts';
import { accessOf, SCREEN } from '../common/sales-access';
import { saveWeekSales, weekSalesById, weekSalesOfMonth, weekSalesPage } from './week-sales.service';
import {
  salesDataById,
  salesDataRows,
  salesDataExists,
  salesDataPage,
  saveSalesData,
  toggleSalesData,
  toggleSalesDataDetail,
} from './sales-data.service';

const weekly = async ({ db, user, scope }: Ctx<unknown>) => accessOf(db, user, await scope(), SCREEN.weekSales);
const period = async ({ db, user, scope }: Ctx<unknown>) => accessOf(db, user, await scope(), SCREEN.salesData);

export async function salesDataRoutes(app: FastifyInstance) {
  bindRoute(app, c.getWeekSalesDataPage, async (ctx) => weekSalesPage(ctx.db, await weekly(ctx), ctx.input));
  bindRoute(app, c.getWeekSalesDataPage2, async (ctx) => weekSalesOfMonth(ctx.db, await weekly(ctx), ctx.input));
  bindRoute(app, c.getWeekSalesData, async (ctx) => weekSalesById(ctx.db, await weekly(ctx), ctx.input.id));
  bindRoute(app, c.addOrEditWeekSalesData, async (ctx) => saveWeekSales(ctx.db, ctx.user, await weekly(ctx), ctx.input));

  bindRoute(app, c.getSalesDataPage, async (ctx) => salesDataPage(ctx.db, await period(ctx), ctx.input));
  bindRoute(app, c.getSalesDataById, async (ctx) => salesDataById(ctx.db, await period(ctx), ctx.input.id));
  bindRoute(app, c.getSalesDataDetailBySalesDataId, async (ctx) => salesDataRows(ctx.db, await period(ctx), ctx.input.salesDataId));
  bindRoute(app, c.salesDataExist, async (ctx) => salesDataExists(ctx.db, await period(ctx), ctx.input));
  bindRoute(app, c.addOrEditSalesData, async (ctx) => saveSalesData(ctx.db, ctx.user, await period(ctx), ctx.input));
  bindRoute(app, c.disabledSalesData, async (ctx) => {
    await toggleSalesData(ctx.db, ctx.user, await period(ctx), ctx.input.id, ctx.input.isDisabled);
    return null;
  });
  bindRoute(app, c.disabledSalesDataDetail, async (ctx) => {
    await toggleSalesDataDetail(ctx.db, ctx.user, await period(ctx), ctx.input.id, ctx.input.isDisabled);
    return null;
  });
}
