// Sessions (DESIGN §5): opaque 256-bit tokens sent as Bearer; only their SHA-256 is stored, with idle and absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getMenusByUser } from '@/shared/contracts/menu';
import { changeUserPassword, getCurrentUser, logout } from '@/shared/contracts/user';
import { isSuperUser } from '@/shared/domain/constants';
import type { Db } from '../db/client';
import { companies, sessions, users } from '../db/schema/index';
import { cached, cacheOf, invalidate } from './cache';
import { HttpError } from './errors';
import { hasApiGrant } from './permissions';

export interface AuthUser {
  id: number;
  number: string;
  name: string;
  language: string;
  companyId: number | null;
  companyNumber: string | null;
  departmentId: number | null;
  isAdmin: boolean;
  sessionId: number;
  /** The session was opened with the initial password: until it is changed, only the calls below are served. */
  mustChangePassword: boolean;
}

/** What a session opened with the initial password may call: the change itself, and what the change screen needs. */
const BEFORE_CHANGE = new Set([changeUserPassword, logout, getCurrentUser, getMenusByUser].map((e) => e.path.toLowerCase()));

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

const DAY = 86_400_000;

export async function createSession(db: Db, userId: number, absoluteDays: number, mustChangePassword = false): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + absoluteDays * DAY), mustChangePassword });
  return token;
}

/** Ends every session of a user: password change, disable. */
export async function endSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  // Outside a request too (the module's POST hook covers requests; a transaction handle has no cache).
  await invalidate(db, 'sessions');
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

interface SessionRow {
  user: AuthUser;
  isDisabled: boolean;
  expiresAt: number;
  /** When the database last recorded use (ms); the cached row's copy moves with every touch made here. */
  lastSeenAt: number;
}

async function loadSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      mustChangePassword: sessions.mustChangePassword,
      id: users.id,
      number: users.number,
      name: users.name,
      language: users.language,
      isDisabled: users.isDisabled,
      companyId: users.companyId,
      companyNumber: companies.companyNumber,
      departmentId: users.departmentId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    user: {
      id: row.id,
      number: row.number,
      name: row.name,
      language: row.language,
      companyId: row.companyId,
      companyNumber: row.companyNumber,
      departmentId: row.departmentId,
      isAdmin: isSuperUser(row.number),
      sessionId: row.sessionId,
      mustChangePassword: row.mustChangePassword,
    },
    isDisabled: row.isDisabled,
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  };
}

/**
 * The user of a token. Sessions are cached by token hash (topic 'sessions'): logout, password changes and user
 * changes invalidate the topic before their reply is sent (modules/index.ts), so the next request reads again.
 */
async function resolveUser(db: Db, token: string, idleDays: number): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const row = await cached(db, 'sessions', tokenHash, () => loadSession(db, tokenHash));
  const now = Date.now();
  if (!row || row.isDisabled || row.expiresAt <= now) {
    // Unknown tokens are not kept: a stream of made-up tokens must not fill the cache.
    cacheOf(db)?.forget('sessions', tokenHash);
    return null;
  }
  if (now - row.lastSeenAt > idleDays * DAY) {
    cacheOf(db)?.forget('sessions', tokenHash);
    await db.delete(sessions).where(eq(sessions.id, row.user.sessionId));
    return null;
  }
  // Touch at most once a minute: idle expiry needs no finer grain, and reads stay reads.
  if (now - row.lastSeenAt > 60_000) {
    row.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.user.sessionId));
  }
  // A copy: the cached row is shared by every request of the session.
  return { ...row.user };
}

/** Resolves the session of every /api request, then enforces the endpoint's access: public, or signed in and granted. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint) return;
    const token = bearer(req);
    if (token) req.user = await resolveUser(app.db, token, app.config.SESSION_IDLE_DAYS);
    if (endpoint.access === 'public') return;
    if (!req.user) throw new HttpError(401, 'tokenInvalid');
    if (req.user.mustChangePassword && !BEFORE_CHANGE.has(endpoint.path.toLowerCase())) throw new HttpError(403, 'mustChangePassword');
    if (!(await hasApiGrant(app.db, req.user, endpoint.path))) throw new HttpError(403, '401');
  });
}
