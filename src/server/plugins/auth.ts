// Sessions (DESIGN §5): opaque 256-bit tokens sent as Bearer; only their SHA-256 is stored, with idle and absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getMenusByUser } from '@/shared/contracts/menu';
import { changeUserPassword, getCurrentUser, logout } from '@/shared/contracts/user';
import { isSuperUser } from '@/shared/domain/constants';
import type { Db } from '../db/client';
import { companies, sessions, users } from '../db/schema/index';
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
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

async function resolveUser(db: Db, token: string, idleDays: number): Promise<AuthUser | null> {
  const now = new Date();
  const rows = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
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
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || row.isDisabled) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > idleDays * DAY) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  // Touch at most once a minute: idle expiry needs no finer grain, and reads stay reads.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return {
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
  };
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
