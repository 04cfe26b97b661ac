// Every API module, registered by buildApp. A new area adds its routes here, with the cache topics its writes change:
// the one place that says which cached reads (plugins/cache.ts: sessions, grants, companies, list counts and lookup
// names by table) a module's POSTs make stale. They are dropped before the reply is sent, here and on every instance.
import type { FastifyInstance } from 'fastify';
import { cacheOf, type Topic } from '../plugins/cache';
import { isReplay } from '../plugins/idempotency';
import { identityRoutes } from './identity/identity.routes';
import { menuRoutes } from './menu/menu.routes';
import { categoryRoutes } from './category/category.routes';
import { currencyRoutes } from './currency/currency.routes';
import { productColRoutes } from './product-col/product-col.routes';
import { productModRoutes } from './product-mod/product-mod.routes';
import { productRoutes } from './product/product.routes';
import { vendorRoutes } from './vendor/vendor.routes';
import { companyRoutes } from './company/company.routes';
import { departmentRoutes } from './department/department.routes';
import { userRoutes } from './user/user.routes';
import { roleRoutes } from './role/role.routes';
import { systemRoutes } from './system/system.routes';
import { salesDataRoutes } from './sales-data/sales-data.routes';
import { salesTargetRoutes } from './sales-target/sales-target.routes';
import { exchangeRateRoutes } from './exchange-rate/exchange-rate.routes';
import { reportRoutes } from './report/report.routes';
import { mailRecordRoutes } from './mail-record/mail-record.routes';
import { workflowRoutes } from './workflow/workflow.routes';
import { workflowTemplateRoutes } from './workflow/template.routes';
import { taskRoutes } from './task/task.routes';

type Routes = (app: FastifyInstance) => Promise<void>;

/**
 * Routes and the topics their POSTs invalidate. Sessions carry the user's name, language, company and department;
 * grants follow roles, menus and the user's company and department; a list count follows the tables it reads.
 */
const modules: Array<[Routes, Topic[]]> = [
  [systemRoutes, []],
  [identityRoutes, ['sessions', 'users']],
  [menuRoutes, ['menus', 'grants']],
  [companyRoutes, ['companies', 'grants', 'sessions']],
  [departmentRoutes, ['departments', 'grants', 'sessions']],
  [userRoutes, ['users', 'sessions', 'grants']],
  [roleRoutes, ['roles', 'grants']],
  [categoryRoutes, ['categories']],
  [currencyRoutes, ['currencies']],
  [productColRoutes, ['product_cols']],
  [productModRoutes, ['product_mods']],
  [productRoutes, ['products']],
  [vendorRoutes, ['vendors']],
  [salesDataRoutes, ['week_sales', 'week_sales_days', 'sales_data', 'sales_data_details', 'sales_data_days']],
  [salesTargetRoutes, ['sales_targets', 'sales_target_details']],
  [exchangeRateRoutes, ['exchange_rates']],
  // Reports only read; their mail calls write mail records, whose cached list the mailer drops itself.
  [reportRoutes, []],
  // Mail records: the mailer (and Resend, which re-queues one) drop their cached pages themselves.
  [mailRecordRoutes, []],
  // Approval operations move instances and their history and change the state of the forms (sales targets).
  [workflowRoutes, ['workflow_instances', 'workflow_history', 'sales_targets']],
  [workflowTemplateRoutes, ['workflow_templates', 'workflow_flows']],
  // Scheduled tasks are read uncached (the scheduler writes them outside requests); nothing cached reads them.
  [taskRoutes, []],
];

/**
 * A module's routes with its invalidation hook. onSend runs before the reply leaves, so the caller's next request
 * (and anyone's) reads fresh data. Refusals before the handler (400, 401, 403, 404, 409, 413, 429) wrote nothing
 * and invalidate nothing; a 200 (also a business refusal) or a 500 may have written, so they do.
 */
function withInvalidation(routes: Routes, topics: Topic[]): Routes {
  return async (app) => {
    if (topics.length) {
      app.addHook('onSend', async (req, reply, payload) => {
        const status = reply.statusCode;
        // A stored reply served again (Idempotency-Key) applied nothing.
        if (req.method === 'POST' && (status < 400 || status >= 500) && !isReplay(req)) await cacheOf(app.db)?.invalidate(topics);
        return payload;
      });
    }
    await routes(app);
  };
}

export const apiModules: Routes[] = modules.map(([routes, topics]) => withInvalidation(routes, topics));
