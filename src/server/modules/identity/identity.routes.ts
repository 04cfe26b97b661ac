// Identity calls: getuser, login, logout, current user, password change/set/reset, forgot password (mailsend2, form type 9).
// Sign-in limits, reset tokens and the no-enumeration replies are described at the top of identity.service.ts.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as c from '@/shared/contracts/user';
import { mailSend2, FORGOT_PASSWORD } from '@/shared/contracts/workflow';
import { checkAdminPassword } from '@/shared/domain/password-policy';
import { isSuperUser } from '@/shared/domain/constants';
import { bindRoute } from '../../plugins/contracts';
import { createSession } from '../../plugins/auth';
import { forbidden, HttpError, refuse } from '../../plugins/errors';
import { sessions, users } from '../../db/schema/index';
import { verify } from '@node-rs/argon2';
import {
  admitFromIp,
  admitPasswordCheck,
  admitResetAsk,
  assertNewOwnPassword,
  checkCredentials,
  findUserByNumber,
  mailLater,
  mailsSettled,
  resetPasswordWithToken,
  sendResetMail,
  sessionUserOf,
  setPassword,
} from './identity.service';

export async function identityRoutes(app: FastifyInstance) {
  // Mails handed over by forgot-password finish before the database closes.
  app.addHook('onClose', () => mailsSettled(app.mailer));

  bindRoute(app, c.getUser, async ({ db, config, input, req }) => {
    const user = await checkCredentials(db, config, input.number, input.password, req.ip);
    return { language: user.language === 'zh-tw' ? ('zh-tw' as const) : ('en' as const) };
  });

  bindRoute(app, c.login, async ({ db, config, input, req }) => {
    const user = await checkCredentials(db, config, input.number, input.password, req.ip);
    if (input.language && input.language !== user.language) {
      await db.update(users).set({ language: input.language }).where(eq(users.id, user.id));
    }
    const mustChangePassword = input.password === config.INITIAL_PASSWORD;
    const token = await createSession(db, user.id, config.SESSION_ABSOLUTE_DAYS, mustChangePassword);
    return { ...(await sessionUserOf(db, user.id)), token, mustChangePassword };
  });

  bindRoute(app, c.logout, async ({ db, user }) => {
    await db.delete(sessions).where(eq(sessions.id, user.sessionId));
    return null;
  });

  bindRoute(app, c.getCurrentUser, async ({ db, user }) => sessionUserOf(db, user.id));

  bindRoute(app, c.getUserByName, async ({ db, input, user, scope }) => {
    const found = await findUserByNumber(db, input.userName);
    // Out of scope answers like unknown: the reply must not tell whether another country's account exists.
    if (!found || (found.id !== user.id && !(await scope()).hasCompanyId(found.companyId))) return refuse('userNotExist');
    return { id: found.id };
  });

  bindRoute(app, c.changeUserPassword, async ({ db, config, input, user, req }) => {
    // Always the token's own account, whatever Id says. A wrong current password is a failed password guess like a
    // failed sign-in (a stolen session must not try freely): same budgets, counted before the check.
    const attempt = await admitPasswordCheck(db, config, user.number, req.ip);
    const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verify(rows[0].passwordHash, input.oldPassword).catch(() => false))) return refuse('oldPasswordWrong');
    await attempt.succeeded();
    assertNewOwnPassword(config, input.password, input.oldPassword);
    await setPassword(db, user.id, input.password);
    return null;
  });

  bindRoute(app, c.editUserPassword, async ({ db, input, scope, user }) => {
    const rows = await db.select({ id: users.id, number: users.number, companyId: users.companyId }).from(users).where(eq(users.id, input.id));
    if (!rows[0]) return refuse('userNotExist');
    (await scope()).assertCompanyId(rows[0].companyId);
    // Head office's scope includes OIH, but the super user's password is theirs alone (else anyone could take it over).
    if (isSuperUser(rows[0].number) && !user.isAdmin) return forbidden();
    // The initial password is allowed on purpose here: signing in with it forces a change.
    const bad = checkAdminPassword(input.password);
    if (bad) return refuse(bad === 'passwordCharacters' ? 'passwordCharacters' : 'passwordLength');
    await setPassword(db, input.id, input.password);
    return null;
  });

  bindRoute(app, c.resetPassword, async ({ db, config, input, req }) => {
    await admitFromIp(db, config, req.ip);
    await resetPasswordWithToken(db, config, input.token, input.password);
    return null;
  });

  bindRoute(app, mailSend2, async ({ db, config, input, req }) => {
    if (input.formType !== FORGOT_PASSWORD.formType) {
      // The approval mail-send variant belongs to the workflow area; it needs a session.
      if (!req.user) throw new HttpError(401, 'tokenInvalid');
      throw new HttpError(404, '404');
    }
    const number = (input.userNumber || input.userNumbers).split(',')[0]?.trim() ?? '';
    if (!number) throw new HttpError(400, 'validationError', [{ field: 'userNumber', message: 'required' }]);
    // Known or unknown, the request does the same work (two counters) and replies the same; looking the account up,
    // making the token and the SMTP exchange happen after the reply, so neither its content nor its time tells.
    await admitFromIp(db, config, req.ip);
    await admitResetAsk(db, config, number);
    mailLater(app.mailer, req.log, () => sendResetMail(db, config, app.mailer, number, FORGOT_PASSWORD.formType, FORGOT_PASSWORD.formId));
    return null;
  });
}
