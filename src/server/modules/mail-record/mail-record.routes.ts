// Mail-record calls (spec part 3 §7): thin handlers over mail-record.service. Whoever holds the grant of the
// /MailRecordList screen's API entries reads every record and may resend one (no country filter: DESIGN §11).
import type { FastifyInstance } from 'fastify';
import * as c from '@/shared/contracts/mail-record';
import { bindRoute } from '../../plugins/contracts';
import { mailRecordPage, resendMailRecord } from './mail-record.service';

export async function mailRecordRoutes(app: FastifyInstance) {
  bindRoute(app, c.getMailRecordPage, async ({ db, input }) => mailRecordPage(db, input));
  bindRoute(app, c.resendMailRecord, async ({ db, input }) => {
    const item = await resendMailRecord(db, input.id);
    // The sender loop of this instance looks at once (the others find it on their next round).
    app.mailer.outbox.kick();
    return item;
  });
}
