// Sign-in, passwords and the forgot-password link (DESIGN §5).
//
// Sign-in limits (issue 6). Every call that checks a password — login, getuser, the current password of
// changeuserpassword — asks admitPasswordCheck BEFORE verifying. Each budget is ONE atomic upsert on auth_throttle
// (key prefixes below), so parallel requests cannot slip past it; a refused attempt gets 429 tooManyAttempts and no
// password check. Budgets are per account name whether or not the account exists (no enumeration through them).
//  - ip:<ip>          every password check, forgot-password ask and reset-link call from one IP, all accounts, in
//                     fixed 60 s windows: AUTH_IP_PER_MINUTE. Against spraying many accounts from one address.
//  - pair:<acct>|<ip> failures of one account from one IP. The first AUTH_MAX_FAILURES are free; after n failures
//                     the next attempt must come AUTH_DELAY_SECONDS·2^(n−AUTH_MAX_FAILURES) (at most
//                     AUTH_DELAY_MAX_SECONDS) after the previous admitted one. Attempts inside the wait are refused
//                     and not counted. A success deletes the pair; AUTH_WINDOW_SECONDS without attempts forgets it.
//  - account:<acct>   failures of one account from IPs it has not signed in from, all together: the same progressive
//                     wait after AUTH_ACCOUNT_MAX_FAILURES. Many IPs can only slow the account down (the wait is capped
//                     and ends), never lock it out: the owner's own IPs are exempt (known:) and a success gives its
//                     attempt back.
//  - known:<acct>|<ip> an IP the account signed in from within AUTH_KNOWN_IP_DAYS: the account-wide wait does not
//                     apply there, so an attacker elsewhere never keeps the owner out; the pair's own wait still does.
//  - reset:<acct>     forgot-password mails asked for one account name, AUTH_MAX_FAILURES per AUTH_WINDOW_SECONDS.
// Counts are of attempts admitted (a wrong password is already counted when its check begins), so N parallel
// guesses check at most the budget. Stale rows are swept now and then by the same calls.
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNull, lt, not, or, sql, like } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { authThrottle, companies, departments, passwordResets, users } from '../../db/schema/index';
import { describeError, HttpError, refuse } from '../../plugins/errors';
import { endSessions, hashToken, newToken } from '../../plugins/auth';
import type { SessionUser } from '@/shared/contracts/user';
import type { MessageKey } from '@/shared/contracts/messages';
import { checkNewOwnPassword, type PasswordCheck } from '@/shared/domain/password-policy';

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

// --- Sign-in limits (scheme at the top of this file).

const acct = (number: string) => number.trim().toLowerCase();
const tooMany = (): never => {
  throw new HttpError(429, 'tooManyAttempts');
};

/** Counts one call in a fixed window; false when the call is past `max` in it. */
async function countInWindow(db: Db, key: string, windowSeconds: number, max: number): Promise<boolean> {
  const stale = sql`${authThrottle.windowStart} <= now() - make_interval(secs => ${windowSeconds}::float8)`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`,
        windowStart: sql`case when ${stale} then now() else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ n: authThrottle.failures });
  return rows[0].n <= max;
}

/**
 * Admits one attempt under a progressive wait: free while fewer than `free` are counted, then only once the wait
 * since the last admitted attempt is over. Admitted → counted (and the time noted); refused → nothing changes.
 * The condition is the upsert's WHERE, so it is decided on the latest row under its lock.
 */
async function admitProgressive(db: Db, config: Config, key: string, free: number): Promise<boolean> {
  const stale = sql`${authThrottle.windowStart} <= now() - make_interval(secs => ${config.AUTH_WINDOW_SECONDS}::float8)`;
  const wait = sql`least(${config.AUTH_DELAY_SECONDS}::float8 * power(2::float8, ${authThrottle.failures} - ${free}::int), ${config.AUTH_DELAY_MAX_SECONDS}::float8)`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: { failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`, windowStart: sql`now()` },
      setWhere: sql`${stale} or ${authThrottle.failures} < ${free}::int or ${authThrottle.windowStart} + make_interval(secs => ${wait}) <= now()`,
    })
    .returning({ n: authThrottle.failures });
  return rows.length > 0;
}

const giveBack = (db: Db, key: string) =>
  db.update(authThrottle).set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` }).where(eq(authThrottle.key, key));

/** Now and then, drop records whose count would restart anyway (and IPs not signed in from for the kept days). */
async function sweep(db: Db, config: Config) {
  if (Math.random() > 0.01) return;
  const forget = Math.max(config.AUTH_WINDOW_SECONDS, 60);
  await db
    .delete(authThrottle)
    .where(
      or(
        and(not(like(authThrottle.key, 'known:%')), lt(authThrottle.windowStart, sql`now() - make_interval(secs => ${forget}::float8)`)),
        and(like(authThrottle.key, 'known:%'), lt(authThrottle.windowStart, sql`now() - make_interval(days => ${Math.ceil(config.AUTH_KNOWN_IP_DAYS)}::int)`)),
      ),
    );
}

/** The per-IP budget alone (forgot password, reset link): 429 past AUTH_IP_PER_MINUTE. */
export async function admitFromIp(db: Db, config: Config, ip: string) {
  if (!(await countInWindow(db, `ip:${ip}`, 60, config.AUTH_IP_PER_MINUTE))) tooMany();
}

export interface PasswordAttempt {
  /** The password was right: clear the pair, give the account its attempt back, remember the IP. */
  succeeded(): Promise<void>;
}

/** Admits one password check for `number` from `ip`, or answers 429 before any check (scheme at the top). */
export async function admitPasswordCheck(db: Db, config: Config, number: string, ip: string): Promise<PasswordAttempt> {
  await sweep(db, config);
  const a = acct(number);
  const pairKey = `pair:${a}|${ip}`;
  const knownKey = `known:${a}|${ip}`;
  const accountKey = `account:${a}`;
  await admitFromIp(db, config, ip);
  if (!(await admitProgressive(db, config, pairKey, config.AUTH_MAX_FAILURES))) tooMany();
  const known = await db
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, knownKey), gt(authThrottle.windowStart, sql`now() - make_interval(days => ${Math.ceil(config.AUTH_KNOWN_IP_DAYS)}::int)`)));
  const countsForAccount = known.length === 0;
  if (countsForAccount && !(await admitProgressive(db, config, accountKey, config.AUTH_ACCOUNT_MAX_FAILURES))) {
    // The pair was counted for an attempt that is not made.
    await giveBack(db, pairKey);
    tooMany();
  }
  return {
    async succeeded() {
      await db.delete(authThrottle).where(eq(authThrottle.key, pairKey));
      if (countsForAccount) await giveBack(db, accountKey);
      await db
        .insert(authThrottle)
        .values({ key: knownKey, failures: 0 })
        .onConflictDoUpdate({ target: authThrottle.key, set: { windowStart: sql`now()` } });
    },
  };
}

/** Forgot-password mails asked for one account name (known or not): 429 past AUTH_MAX_FAILURES in the window. */
export async function admitResetAsk(db: Db, config: Config, number: string) {
  if (!(await countInWindow(db, `reset:${acct(number)}`, config.AUTH_WINDOW_SECONDS, config.AUTH_MAX_FAILURES))) tooMany();
}

/**
 * Checks an account and password from `ip`. Wrong password and unknown account get the same refusal;
 * a disabled account with the right password gets userDisabled.
 */
export async function checkCredentials(db: Db, config: Config, number: string, password: string, ip: string) {
  const attempt = await admitPasswordCheck(db, config, number, ip);
  const user = await findUserByNumber(db, number);
  const ok = user ? await verify(user.passwordHash, password).catch(() => false) : await verify(await dummy(), password).catch(() => false);
  if (!user || !ok) return refuse('wrongAccountOrPassword');
  if (user.isDisabled) return refuse('userDisabled');
  await attempt.succeeded();
  return user;
}

// --- Password rules: the shared policy's checks as server messages.

const refusalOf: Partial<Record<PasswordCheck, MessageKey>> = {
  passwordCharacters: 'passwordCharacters',
  passwordIsInitial: 'passwordIsInitial',
  passwordSameAsCurrent: 'passwordSameAsCurrent',
};

/** Refuses a new own password (own change, reset link) that breaks the shared policy; `current` is the typed old one. */
export function assertNewOwnPassword(config: Config, password: string, current?: string) {
  const bad = checkNewOwnPassword(password, { initial: config.INITIAL_PASSWORD, current });
  if (bad) refuse(refusalOf[bad] ?? 'passwordPolicy');
}

/** Sets a password (own change, administrator set, reset link): every reset token of the user ends, and every session. */
export async function setPassword(db: Db, userId: number, password: string) {
  await db
    .update(users)
    // The version too: a user form opened before the change is then stale (issue 6, staleVersion).
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
  await db.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
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

/** Unused, unexpired, and its user enabled: a disabled user's token sets nothing. */
const usableToken = (token: string) =>
  and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
    inArray(passwordResets.userId, sql`(select ${users.id} from ${users} where not ${users.isDisabled})`),
  );

/** The user a reset token may set the password of (without using it up); refuses an unknown, used or expired one. */
export async function userOfResetToken(db: Db, token: string): Promise<{ userId: number; passwordHash: string }> {
  const rows = await db
    .select({ userId: passwordResets.userId, passwordHash: users.passwordHash })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usableToken(token))
    .limit(1);
  if (!rows[0]) return refuse('resetTokenInvalid');
  return rows[0];
}

/** Consumes a reset token, once (the update decides between parallel uses); refuses an unknown, used or expired one. */
export async function consumeResetToken(db: Db, token: string): Promise<number> {
  const rows = await db.update(passwordResets).set({ usedAt: new Date() }).where(usableToken(token)).returning({ userId: passwordResets.userId });
  if (!rows[0]) return refuse('resetTokenInvalid');
  return rows[0].userId;
}

/** Sets a password through a reset link: the shared policy, not the initial nor the current password, then the token once. */
export async function resetPasswordWithToken(db: Db, config: Config, token: string, password: string) {
  assertNewOwnPassword(config, password);
  const { passwordHash } = await userOfResetToken(db, token);
  if (await verify(passwordHash, password).catch(() => false)) return refuse('passwordSameAsCurrent');
  const userId = await consumeResetToken(db, token);
  await setPassword(db, userId, password);
}

// --- Mail handed over without waiting: the request's reply never depends on the account or on SMTP.

const handedOver = new WeakMap<Mailer, Set<Promise<void>>>();

/** Runs `job` (lookups, tokens, mailer.send) after the caller returns; failures are logged, never thrown. */
export function mailLater(mailer: Mailer, log: { warn(obj: object, msg: string): void }, job: () => Promise<void>) {
  let set = handedOver.get(mailer);
  if (!set) handedOver.set(mailer, (set = new Set()));
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(job)
    .catch((err: unknown) => log.warn({ error: describeError(err) }, 'background mail failed'))
    .finally(() => set.delete(run));
  set.add(run);
}

/** Resolves when every mail handed over so far is done (tests; closing the server). */
export async function mailsSettled(mailer: Mailer): Promise<void> {
  const set = handedOver.get(mailer);
  while (set?.size) await Promise.allSettled([...set]);
}

/** The forgot-password mail for an account, if it may have one (enabled, with an e-mail); nothing otherwise. */
export async function sendResetMail(db: Db, config: Config, mailer: Mailer, number: string, formType: number, formId: number) {
  const user = await findUserByNumber(db, number);
  if (!user || user.isDisabled || !user.email) return;
  const token = await createResetToken(db, user.id);
  const link = (t: string) => `${config.PUBLIC_URL.replace(/\/$/, '')}/UserChangePassword?token=${t}`;
  const body = (t: string) =>
    `Hello ${user.name},\n\nA password reset was asked for your SalesDesk account ${user.number}.\n` +
    `Open this link within ${RESET_MINUTES} minutes to set a new password:\n${link(t)}\n\nIf you did not ask for it, ignore this mail.`;
  const mail: OutgoingMail = {
    to: { name: user.name, email: user.email },
    subject: 'SalesDesk password reset',
    text: body(token),
    safeText: body('***'),
    formType,
    formId,
  };
  await mailer.send(mail);
}
