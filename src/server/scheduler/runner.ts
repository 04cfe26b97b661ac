// What one run of a scheduled task does (DESIGN §11 "Where a task may call"). A relative /api/... URL runs inside
// the server (app.inject) as the task's owner: a short-lived session of the owner is opened for the call and ended
// after it, so the auth plugin checks the owner's grants at run time like any request (a disabled owner or a lost
// grant fails the run). An absolute URL goes through callExternal (outbound.ts: allow list, address checks, no
// redirects, timeout, size cap); the task's auth header is sent only there. A reply with HTTP status >= 400 or an
// envelope code other than 1 is a failed run. Every failure is an Error whose message is the reason for the log;
// no reason ever carries the auth value.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { createSession, hashToken } from '../plugins/auth';
import { cacheOf } from '../plugins/cache';
import { sameText } from '../modules/common/query';
import { callExternal, DEFAULT_TIMEOUT_MS, type CallExternalOptions } from './outbound';

export interface RunTarget {
  apiUrl: string;
  requestType: string;
  authKey: string;
  authValue: string;
  ownerNumber: string;
}

export interface RunnerOptions {
  app: FastifyInstance;
  /** Origins absolute URLs may reach (config TASK_URL_ALLOW). */
  allow: string[];
  timeoutMs?: number;
  /** Host name resolution for absolute URLs (tests replace it). */
  resolve?: CallExternalOptions['resolve'];
}

/** The owner's session lives at most this long (it is ended as soon as the call returns). */
const SESSION_DAYS = 1 / 24;

export const isInternalUrl = (url: string) => /^\/api\//i.test(url);

function envelopeOf(body: string): { code?: unknown; msg?: unknown } | null {
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as { code?: unknown; msg?: unknown }) : null;
  } catch {
    return null;
  }
}

/** Throws the reason when a reply is a failure: HTTP status >= 400, or an envelope whose code is not 1. */
function judge(status: number, body: string, explain?: (status: number, msg: string) => string | null) {
  const env = envelopeOf(body);
  const msg = typeof env?.msg === 'string' ? env.msg.slice(0, 300) : '';
  if (status >= 400) {
    const special = explain ? explain(status, msg) : null;
    throw new Error(special ?? `HTTP ${status}${msg ? `: ${msg}` : ''}`);
  }
  if (env && 'code' in env && env.code !== 1) throw new Error(`code ${String(env.code)}${msg ? `: ${msg}` : ''}`);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function runInternal(opts: RunnerOptions, t: RunTarget): Promise<void> {
  const db = opts.app.db as Db;
  const [owner] = await db
    .select({ id: users.id, number: users.number, isDisabled: users.isDisabled })
    .from(users)
    .where(sameText(users.number, t.ownerNumber));
  if (!owner) throw new Error(`the owner ${t.ownerNumber} does not exist`);
  if (owner.isDisabled) throw new Error(`the owner ${owner.number} is disabled`);
  const token = await createSession(db, owner.id, SESSION_DAYS);
  try {
    const method = t.requestType === 'POST' ? 'POST' : 'GET';
    const res = await withTimeout(
      opts.app.inject({ method, url: t.apiUrl, headers: { authorization: `Bearer ${token}` }, ...(method === 'POST' ? { payload: {} } : {}) }),
      opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const path = t.apiUrl.split('?')[0];
    judge(res.statusCode, res.body, (status, msg) =>
      status === 403 && msg === '401'
        ? `the owner ${owner.number} has no grant for ${path}`
        : status === 401
          ? `the owner ${owner.number} was refused (401${msg ? ` ${msg}` : ''})`
          : null,
    );
  } finally {
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    cacheOf(db)?.forget('sessions', hashToken(token));
  }
}

async function runExternal(opts: RunnerOptions, t: RunTarget): Promise<void> {
  const headers: Record<string, string> = t.authKey ? { [t.authKey]: t.authValue } : {};
  const reply = await callExternal(t.apiUrl, {
    allow: opts.allow,
    method: t.requestType === 'POST' ? 'POST' : 'GET',
    headers,
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
  });
  judge(reply.status, reply.body);
}

/** Runs the task's call once; resolves on success, throws the reason on failure. */
export async function runTaskTarget(opts: RunnerOptions, t: RunTarget): Promise<void> {
  if (isInternalUrl(t.apiUrl)) return runInternal(opts, t);
  if (t.apiUrl.startsWith('/')) throw new Error(`only /api/ paths run inside the server: ${t.apiUrl}`);
  return runExternal(opts, t);
}
