// Company calls: bind the contracts of src/shared/contracts/company.ts to the service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/company';
import { bindRoute } from '../../plugins/contracts';
import { companyInScope, companyList, companyPage, saveCompany, toggleCompany } from './company.service';

export async function companyRoutes(app: FastifyInstance) {
  bindRoute(app, c.getCompanyList, async ({ db, input, scope }) => companyList(db, await scope(), input));
  bindRoute(app, c.getCompanyPage, async ({ db, input, scope }) => companyPage(db, await scope(), input));
  bindRoute(app, c.getCompany, async ({ db, input, scope }) => companyInScope(db, await scope(), input.id));
  bindRoute(app, c.addOrEditCompany, async ({ db, input, user, scope }) => ({ id: await saveCompany(db, user, await scope(), input) }));
  bindRoute(app, c.disabledCompany, async ({ db, input, user, scope }) => {
    await toggleCompany(db, user, await scope(), input.id, input.isDisabled);
    return null;
  });
}
