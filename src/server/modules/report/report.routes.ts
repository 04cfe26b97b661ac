// Sales report calls (spec part 1 §2 Reports, §7): thin handlers over report.service (the five reports) and
// report-mail (the TaskWork mail calls). Reports read only; the mail calls write mail records, and the mailer itself
// drops the cached mail-record pages, so this module names no cache topic.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/report';
import { bindRoute, type Ctx } from '../../plugins/contracts';
import { gridReport, modelReport, type ReportCaller } from './report.service';
import { mailGridReport } from './report-mail';

const callerOf = async ({ user, scope }: Ctx<unknown>): Promise<ReportCaller> => ({ user, scope: await scope() });

export async function reportRoutes(app: FastifyInstance) {
  bindRoute(app, c.getSalesDataReportPage, async (ctx) => modelReport(ctx.db, await callerOf(ctx), 'salesData', ctx.input));
  bindRoute(app, c.getTargetAnalysisReportPage, async (ctx) => modelReport(ctx.db, await callerOf(ctx), 'targetAnalysis', ctx.input));
  bindRoute(app, c.getSumReportData, async (ctx) => gridReport(ctx.db, await callerOf(ctx), 'total', ctx.input));
  bindRoute(app, c.getDailyData, async (ctx) => gridReport(ctx.db, await callerOf(ctx), 'daily', ctx.input));
  bindRoute(app, c.getMondayData, async (ctx) => gridReport(ctx.db, await callerOf(ctx), 'monday', ctx.input));
  bindRoute(app, c.dailyReportTaskOptions, async (ctx) => mailGridReport(ctx.db, ctx.config, app.mailer, await callerOf(ctx), 'daily', ctx.input));
  bindRoute(app, c.reportTaskOptions, async (ctx) => mailGridReport(ctx.db, ctx.config, app.mailer, await callerOf(ctx), 'monday', ctx.input));
}
