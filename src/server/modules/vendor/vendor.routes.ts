// Vendor calls (spec part 2 §7): thin handlers over vendor.service.
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/vendor';
import { bindRoute } from '../../plugins/contracts';
import { saveVendor, toggleVendor, vendorById, vendorPage } from './vendor.service';

export async function vendorRoutes(app: FastifyInstance) {
  bindRoute(app, c.getVendorPage, async ({ db, input, scope }) => vendorPage(db, await scope(), input));
  bindRoute(app, c.getVendorById, async ({ db, input, scope }) => vendorById(db, await scope(), input.id));
  bindRoute(app, c.addVendor, async ({ db, user, input, scope }) => saveVendor(db, user, await scope(), input));
  bindRoute(app, c.disabledVendor, async ({ db, user, input, scope }) => {
    await toggleVendor(db, user, await scope(), input, input.isDisabled);
    return null;
  });
}
