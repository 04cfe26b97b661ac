// Sales target calls (spec part 1 §7): thin handlers over sales-target.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/sales-target';
import { bindRoute } from '../../plugins/contracts';
import {
  releaseSalesTarget,
  saveSalesTarget,
  salesTargetById,
  salesTargetRows,
  salesTargetExists,
  salesTargetPage,
  toggleSalesTarget,
  toggleSalesTargetDetail,
} from './sales-target.service';
import { sendNotices } from '../workflow/engine.service';

export async function salesTargetRoutes(app: FastifyInstance) {
  bindRoute(app, c.getSalesTargetPage, async ({ db, user, input, scope }) => salesTargetPage(db, user, await scope(), input));
  bindRoute(app, c.getSalesTargetById, async ({ db, user, input, scope }) => salesTargetById(db, user, await scope(), input.id));
  bindRoute(app, c.getSalesTargetDetailBySalesTargetId, async ({ db, user, input, scope }) =>
    salesTargetRows(db, user, await scope(), input.salesTargetId),
  );
  bindRoute(app, c.salesTargetExist, async ({ db, input, scope }) => salesTargetExists(db, await scope(), input));
  bindRoute(app, c.addOrEditSalesTarget, async ({ db, user, input, scope }) => saveSalesTarget(db, user, await scope(), input, 'save'));
  bindRoute(app, c.copySalesTarget, async ({ db, user, input, scope }) => saveSalesTarget(db, user, await scope(), input, 'copy'));
  bindRoute(app, c.releaseSalesTarget, async ({ db, config, user, input, scope, req }) => {
    // With an approval flow, Release submits the target; the approvers' mails go out after the commit.
    const { dataStatus, notices } = await releaseSalesTarget(db, user, await scope(), input.id);
    await sendNotices(db, config, app.mailer, req.log, user, notices);
    return { dataStatus };
  });
  bindRoute(app, c.disabledSalesTarget, async ({ db, user, input, scope }) => {
    await toggleSalesTarget(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
  bindRoute(app, c.disabledSalesTargetDetail, async ({ db, user, input, scope }) => {
    await toggleSalesTargetDetail(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
}
