// Vendor calls (spec part 2 §7): thin handlers over vendor.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/vendor';
import { bindRoute } from '../../plugins/contracts';
import { saveVendor, toggleVendor, vendorById, vendorPage } from './vendor.service';

export async function vendorRoutes(app: FastifyInstance) {
  bindRoute(app, c.getVendorPage, ({ db, input }) => vendorPage(db, input));
  bindRoute(app, c.getVendorById, ({ db, input }) => vendorById(db, input.id));
  bindRoute(app, c.addVendor, ({ db, user, input }) => saveVendor(db, user, input));
  bindRoute(app, c.disabledVendor, async ({ db, user, input }) => {
    await toggleVendor(db, user, input, input.isDisabled);
    return null;
  });
}
