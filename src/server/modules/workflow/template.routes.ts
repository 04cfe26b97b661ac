// Approval template and flow calls (spec part 3 §7): thin handlers over template.service and flow.service. Who may
// call them is decided by the menu grants (the template screens' type-3 entries); templates are head-office
// configuration, not country data, so only the companies a template names are checked against the caller's scope.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/workflow';
import { bindRoute } from '../../plugins/contracts';
import { flowOfTemplate, saveFlow } from './flow.service';
import { deleteTemplate, formTypeOptions, saveTemplate, templateById, templatePage, toggleTemplate } from './template.service';

export async function workflowTemplateRoutes(app: FastifyInstance) {
  bindRoute(app, c.getTemplatePage, ({ db, input }) => templatePage(db, input));
  bindRoute(app, c.getTemplateById, ({ db, input }) => templateById(db, input.id));
  bindRoute(app, c.addOrEditTemplate, async ({ db, user, input, scope }) => saveTemplate(db, user, await scope(), input));
  bindRoute(app, c.delTemplate, async ({ db, input }) => {
    await deleteTemplate(db, input.id);
    return null;
  });
  bindRoute(app, c.disabledTemplate, async ({ db, user, input }) => {
    await toggleTemplate(db, user, input.id, input.isDisabled);
    return null;
  });
  bindRoute(app, c.getFormTypes, async () => formTypeOptions());
  bindRoute(app, c.getFlowByTemplateId, ({ db, input }) => flowOfTemplate(db, input.templateId));
  bindRoute(app, c.setFlow, ({ db, user, input }) => saveFlow(db, user, input));
}
