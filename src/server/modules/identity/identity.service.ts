// Sign-in, passwords and the forgot-password link (DESIGN §5).
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authThrottle, companies, departments, passwordResets, users } from '../../db/schema/index';
import { HttpError, refuse } from '../../plugins/errors';
import { endSessions, hashToken, newToken } from '../../plugins/auth';
import type { SessionUser } from '@/shared/contracts/user';

export const hashPassword = (password: string) => hash(password);

/** A hash that no password matches, so an unknown account costs the same time as a known one. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hash('no-such-account-' + Math.random()));

export async function findUserByNumber(db: Db, number: string) {
  const rows = await db.select().from(users).where(eq(sql`lower(${users.number})`, number.toLowerCase())).limit(1);
  return rows[0];
}

export async function sessionUserOf(db: Db, userId: number): Promise<SessionUser> {
  const rows = await db
    .select({
      id: users.id,
      number: users.number,
      name: users.name,
      language: users.language,
      email: users.email,
      companyNumber: companies.companyNumber,
      companyName: companies.companyName,
      departmentName: departments.departmentName,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, userId));
  const u = rows[0];
  return { ...u, language: u.language === 'zh-tw' ? 'zh-tw' : 'en' };
}

// --- Brute force: failed sign-ins (and reset mails) per account counted in a window; past the limit the account
// answers 429 until the window ends, so an attacker slows it down but cannot lock it out for good.

/** 'signIn' counts failed sign-ins; 'reset' counts forgot-password mails asked for. */
export type ThrottleKind = 'signIn' | 'reset';
const throttleKey = (number: string, kind: ThrottleKind = 'signIn') => `${kind === 'signIn' ? 'account' : 'reset'}:${number.toLowerCase()}`;

export async function assertNotThrottled(db: Db, config: Config, number: string, kind: ThrottleKind = 'signIn') {
  const rows = await db.select().from(authThrottle).where(eq(authThrottle.key, throttleKey(number, kind)));
  const row = rows[0];
  if (!row) return;
  const windowOpen = Date.now() - row.windowStart.getTime() < config.AUTH_WINDOW_SECONDS * 1000;
  if (windowOpen && row.failures >= config.AUTH_MAX_FAILURES) throw new HttpError(429, 'tooManyAttempts');
}

export async function countAttempt(db: Db, config: Config, number: string, kind: ThrottleKind = 'signIn') {
  const window = `${config.AUTH_WINDOW_SECONDS} seconds`;
  await db
    .insert(authThrottle)
    .values({ key: throttleKey(number, kind), failures: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStart} < now() - ${window}::interval then 1 else ${authThrottle.failures} + 1 end`,
        windowStart: sql`case when ${authThrottle.windowStart} < now() - ${window}::interval then now() else ${authThrottle.windowStart} end`,
      },
    });
}

const clearFailures = (db: Db, number: string) => db.delete(authThrottle).where(eq(authThrottle.key, throttleKey(number)));

/**
 * Checks an account and password. Wrong password and unknown account get the same refusal;
 * a disabled account with the right password gets userDisabled.
 */
export async function checkCredentials(db: Db, config: Config, number: string, password: string) {
  await assertNotThrottled(db, config, number);
  const user = await findUserByNumber(db, number);
  const ok = user ? await verify(user.passwordHash, password).catch(() => false) : await verify(await dummy(), password).catch(() => false);
  if (!user || !ok) {
    await countAttempt(db, config, number);
    return refuse('wrongAccountOrPassword');
  }
  if (user.isDisabled) return refuse('userDisabled');
  await clearFailures(db, number);
  return user;
}

export async function setPassword(db: Db, userId: number, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date() })
    .where(eq(users.id, userId));
  await endSessions(db, userId);
}

// --- Forgot password: a one-time link valid 30 minutes.

const RESET_MINUTES = 30;

export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
  });
  return token;
}

/** Consumes a reset token; refuses an unknown, used or expired one. */
export async function consumeResetToken(db: Db, token: string): Promise<number> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  if (!rows[0]) return refuse('resetTokenInvalid');
  return rows[0].userId;
}
