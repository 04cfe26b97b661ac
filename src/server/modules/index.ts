// Every API module, registered by buildApp. A new area adds its routes here.
import type { FastifyInstance } from 'fastify';
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

export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [systemRoutes, identityRoutes, menuRoutes, companyRoutes, departmentRoutes, userRoutes, roleRoutes, categoryRoutes, currencyRoutes, productColRoutes, productModRoutes, productRoutes, vendorRoutes];
