// Workflow calls (spec part 3 §7; DESIGN §10): thin handlers over the template service and the approval engine.
// The engine's mails go out after its transaction commits.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/workflow';
import { bindRoute } from '../../plugins/contracts';
import { checkWorkflow, mailSendAbout, sendNotices, workflowInfo } from './engine.service';

export async function workflowRoutes(app: FastifyInstance) {
  bindRoute(app, c.getWorkflowInfo, async ({ db, user, input, scope }) => workflowInfo(db, user, await scope(), input.formType, input.formId));
  bindRoute(app, c.checkWorkflow, async ({ db, config, user, input, scope, req }) => {
    await sendNotices(db, config, app.mailer, req.log, user, await checkWorkflow(db, user, await scope(), input));
    return null;
  });
  bindRoute(app, c.mailSend, async ({ db, config, user, input, scope, req }) => {
    await sendNotices(db, config, app.mailer, req.log, user, await mailSendAbout(db, user, await scope(), input));
    return null;
  });
}
