// Identity calls: getuser, login, logout, current user, password change/set/reset, forgot password (mailsend2, form type 9).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as c from '@/shared/contracts/user';
import { mailSend2, FORGOT_PASSWORD } from '@/shared/contracts/workflow';
import { checkAdminPassword, checkStrongPassword } from '@/shared/domain/password-policy';
import { isSuperUser } from '@/shared/domain/constants';
import { bindRoute } from '../../plugins/contracts';
import { createSession } from '../../plugins/auth';
import { forbidden, HttpError, refuse } from '../../plugins/errors';
import { sessions, users } from '../../db/schema/index';
import { verify } from '@node-rs/argon2';
import {
  assertNotThrottled,
  checkCredentials,
  consumeResetToken,
  createResetToken,
  findUserByNumber,
  countAttempt,
  sessionUserOf,
  setPassword,
} from './identity.service';

export async function identityRoutes(app: FastifyInstance) {
  const limited = { rateLimit: { max: app.config.AUTH_IP_PER_MINUTE, timeWindow: 60_000 } };
  bindRoute(app, c.getUser, async ({ db, config, input }) => {
    const user = await checkCredentials(db, config, input.number, input.password);
    return { language: user.language === 'zh-tw' ? ('zh-tw' as const) : ('en' as const) };
  }, limited);

  bindRoute(app, c.login, async ({ db, config, input }) => {
    const user = await checkCredentials(db, config, input.number, input.password);
    if (input.language && input.language !== user.language) {
      await db.update(users).set({ language: input.language }).where(eq(users.id, user.id));
    }
    const mustChangePassword = input.password === config.INITIAL_PASSWORD;
    const token = await createSession(db, user.id, config.SESSION_ABSOLUTE_DAYS, mustChangePassword);
    return { ...(await sessionUserOf(db, user.id)), token, mustChangePassword };
  }, limited);

  bindRoute(app, c.logout, async ({ db, user }) => {
    await db.delete(sessions).where(eq(sessions.id, user.sessionId));
    return null;
  });

  bindRoute(app, c.getCurrentUser, async ({ db, user }) => sessionUserOf(db, user.id));

  bindRoute(app, c.getUserByName, async ({ db, input, user, scope }) => {
    const found = await findUserByNumber(db, input.userName);
    if (!found) return refuse('userNotExist');
    if (found.id !== user.id) (await scope()).assertCompanyId(found.companyId);
    return { id: found.id };
  });

  bindRoute(app, c.changeUserPassword, async ({ db, config, input, user }) => {
    // Always the token's own account, whatever Id says.
    await assertNotThrottled(db, config, user.number);
    const rows = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verify(rows[0].passwordHash, input.oldPassword).catch(() => false))) {
      // A wrong current password is a failed password guess like a failed sign-in (a stolen session must not try freely).
      await countAttempt(db, config, user.number);
      return refuse('oldPasswordWrong');
    }
    if (checkStrongPassword(input.password)) return refuse('passwordPolicy');
    await setPassword(db, user.id, input.password);
    return null;
  });

  bindRoute(app, c.editUserPassword, async ({ db, input, scope, user }) => {
    const rows = await db.select({ id: users.id, number: users.number, companyId: users.companyId }).from(users).where(eq(users.id, input.id));
    if (!rows[0]) return refuse('userNotExist');
    (await scope()).assertCompanyId(rows[0].companyId);
    // Head office's scope includes OIH, but the super user's password is theirs alone (else anyone could take it over).
    if (isSuperUser(rows[0].number) && !user.isAdmin) return forbidden();
    if (checkAdminPassword(input.password)) return refuse('passwordLength');
    await setPassword(db, input.id, input.password);
    return null;
  });

  bindRoute(app, c.resetPassword, async ({ db, input }) => {
    if (checkStrongPassword(input.password)) return refuse('passwordPolicy');
    const userId = await consumeResetToken(db, input.token);
    await setPassword(db, userId, input.password);
    return null;
  }, limited);

  bindRoute(app, mailSend2, async ({ db, config, input, req }) => {
    if (input.formType !== FORGOT_PASSWORD.formType) {
      // The approval mail-send variant belongs to the workflow area; it needs a session.
      if (!req.user) throw new HttpError(401, 'tokenInvalid');
      throw new HttpError(404, '404');
    }
    const number = (input.userNumber || input.userNumbers).split(',')[0]?.trim() ?? '';
    if (!number) throw new HttpError(400, 'validationError', [{ field: 'userNumber', message: 'required' }]);
    // Counted for any account name, known or not, so the limit tells nothing about existence.
    await assertNotThrottled(db, config, number, 'reset');
    await countAttempt(db, config, number, 'reset');
    const user = await findUserByNumber(db, number);
    // Same reply whether or not the account exists.
    if (user && !user.isDisabled && user.email) {
      const token = await createResetToken(db, user.id);
      const link = (t: string) => `${config.PUBLIC_URL.replace(/\/$/, '')}/UserChangePassword?token=${t}`;
      const body = (t: string) =>
        `Hello ${user.name},\n\nA password reset was asked for your SalesDesk account ${user.number}.\n` +
        `Open this link within 30 minutes to set a new password:\n${link(t)}\n\nIf you did not ask for it, ignore this mail.`;
      await app.mailer.send({
        to: { name: user.name, email: user.email },
        subject: 'SalesDesk password reset',
        text: body(token),
        safeText: body('***'),
        formType: FORGOT_PASSWORD.formType,
        formId: FORGOT_PASSWORD.formId,
      });
    }
    return null;
  }, limited);
}
