// Exactly-once writes (DESIGN §6): a request that carries an Idempotency-Key is applied once per user and key; a
// retry with the same body gets the stored reply, a different body 409 idempotencyMismatch. Keys live 7 days in
// PostgreSQL (table idempotency_keys), so every instance behind a load balancer honours every other's keys.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { describeError, HttpError } from './errors';

/** 1–200 characters a UUID, a ULID or a client's own scheme may use; nothing a log line or a URL would mangle. */
const KEY = /^[A-Za-z0-9._:-]{1,200}$/;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

const POLL_MS = 50;
/** How long a retry waits for the request that holds its key to finish before it is told to try again later. */
const WAIT_MS = 30_000;
/**
 * A key still "running" this long after it was claimed belongs to a request that died with its instance (no request
 * runs that long: HTTP_REQUEST_TIMEOUT_MS is 30 s); the next request with that key takes it over and applies.
 */
const ABANDONED_AFTER = '2 minutes';
const PURGE_EVERY_MS = 3_600_000;

/** What a request holds: the key it claimed (and applies under), or the stored reply it was served. */
type Held = { userId: number; key: string; claim: string } | { replayed: true };

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Held | null;
  }
}

/** True when the reply is a stored one: the write was not applied again, so it changed nothing to invalidate. */
export const isReplay = (req: FastifyRequest) => req.idempotency !== null && 'replayed' in req.idempotency;

/** JSON with object keys sorted at every level: the same body hashes the same whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The request's fingerprint: method, lower-cased path and its input (the query of a GET, else the body). */
export function requestHash(method: string, path: string, input: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${path.toLowerCase()}\n${canonicalJson(input)}`).digest('hex');
}

/** Deletes the keys older than 7 days (their replies are no longer promised). */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '7 days'`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The row of one key: `claim` (created_at as text, microseconds kept) tells its holder from a later taker-over. */
const owned = (userId: number, key: string, claim: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 0), sql`${idempotencyKeys.createdAt} = ${claim}::timestamptz`);

type Outcome = { claim: string } | { status: number; body: string };

/**
 * Claims the key, or finds the reply to serve. The INSERT … ON CONFLICT DO NOTHING decides which of two concurrent
 * requests applies; the other waits for its reply. A claim that vanished (its request failed and released it) is
 * claimed again; one abandoned by a dead instance is taken over by an UPDATE that only one taker can win.
 */
async function claimOrReply(db: Db, userId: number, key: string, method: string, path: string, hash: string): Promise<Outcome> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [mine] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method, path, bodyHash: hash, state: 0 })
      .onConflictDoNothing()
      .returning({ claim: sql<string>`${idempotencyKeys.createdAt}::text` });
    if (mine) return mine;
    const [row] = await db
      .select({
        bodyHash: idempotencyKeys.bodyHash,
        state: idempotencyKeys.state,
        replyStatus: idempotencyKeys.replyStatus,
        replyBody: idempotencyKeys.replyBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) continue;
    if (row.bodyHash !== hash) throw new HttpError(409, 'idempotencyMismatch');
    if (row.state === 1) return { status: row.replyStatus ?? 200, body: row.replyBody ?? '' };
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 0),
          sql`${idempotencyKeys.createdAt} < now() - interval '${sql.raw(ABANDONED_AFTER)}'`,
        ),
      )
      .returning({ claim: sql<string>`${idempotencyKeys.createdAt}::text` });
    if (taken) return taken;
    // The first request is still applying: its reply is what this retry must get.
    if (Date.now() >= deadline) throw new HttpError(503, 'requestTimeout');
    await sleep(POLL_MS);
  }
}

const payloadText = (payload: unknown): string | null =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;

/**
 * Registered after auth (its preHandler runs after the session is resolved and the grant checked): serves every
 * API route, any method (releasesalestarget is a GET that writes), for signed-in requests that carry the header.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  let nextPurge = 0;

  app.addHook('preHandler', async (req, reply) => {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !req.routeOptions.config.endpoint || !req.user) return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw new HttpError(400, 'validationError', [{ field: 'Idempotency-Key', message: 'crud.validation.invalid' }]);
    }
    const db = app.db;
    if (Date.now() >= nextPurge) {
      nextPurge = Date.now() + PURGE_EVERY_MS;
      await purgeIdempotencyKeys(db).catch((err: unknown) => req.log.warn({ error: describeError(err) }, 'idempotency keys not purged'));
    }
    const method = req.method.toUpperCase();
    const path = req.url.split('?')[0].toLowerCase();
    const hash = requestHash(method, path, method === 'GET' ? req.query : req.body);
    const outcome = await claimOrReply(db, req.user.id, header, method, path, hash);
    if ('claim' in outcome) {
      req.idempotency = { userId: req.user.id, key: header, claim: outcome.claim };
      return;
    }
    req.idempotency = { replayed: true };
    return reply.code(outcome.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(outcome.body);
  });

  // Before the reply leaves: a client that has its reply and a retry racing it both find the key settled.
  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held || 'replayed' in held) return payload;
    req.idempotency = null;
    const where = owned(held.userId, held.key, held.claim);
    const status = reply.statusCode;
    const body = payloadText(payload);
    try {
      // A 2xx is what the handler decided (a code-0 business refusal too): kept. Anything else wrote nothing (a
      // refusal before or in the handler, a 5xx whose transaction rolled back): released, so a retry applies.
      if (status >= 200 && status < 300 && body !== null) {
        await app.db.update(idempotencyKeys).set({ state: 1, replyStatus: status, replyBody: body }).where(where);
      } else {
        await app.db.delete(idempotencyKeys).where(where);
      }
    } catch (err) {
      // The write stands and its reply goes out; a retry would wait for the key, then take it over once abandoned.
      req.log.warn({ error: describeError(err), requestId: req.id }, 'idempotency reply not stored');
    }
    return payload;
  });
}
