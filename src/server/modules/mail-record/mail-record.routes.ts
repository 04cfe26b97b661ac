// Mail-record calls (spec part 3 §7): a thin handler over mail-record.service. Whoever holds the grant of the
// /MailRecordList screen's API entry reads every record (no country filter: DESIGN §11).
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/mail-record';
import { bindRoute } from '../../plugins/contracts';
import { mailRecordPage } from './mail-record.service';

export async function mailRecordRoutes(app: FastifyInstance) {
  bindRoute(app, c.getMailRecordPage, async ({ db, input }) => mailRecordPage(db, input));
}
