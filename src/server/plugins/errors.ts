// The reply envelope and error mapping (DESIGN §4): every reply is {code, msg, data}; msg is a message key, never a sentence or a stack.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { MessageKey } from '@/shared/contracts/messages';

/** A business refusal: HTTP 200, code 0, msg the key. */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** A refusal with an HTTP status of its own (400, 401, 403, 404, 409, 429). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const refuse = (key: MessageKey, data: unknown = null): never => {
  throw new Refusal(key, data);
};
export const forbidden = (): never => {
  throw new HttpError(403, '401');
};
export const tokenInvalid = (): never => {
  throw new HttpError(401, 'tokenInvalid');
};

type ErrorLike = Error & { code?: unknown; severity?: unknown; constraint?: unknown; table?: unknown; column?: unknown; query?: unknown; params?: unknown };

/** The error and its causes (drizzle wraps the driver's error in its own). */
function causes(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (let e = err; e && typeof e === 'object' && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e as ErrorLike);
  return out;
}

/** A database error: drizzle's (its message embeds the SQL and its parameters) or the driver's (SQLSTATE code, severity). */
const isDatabaseError = (e: ErrorLike) =>
  e instanceof DrizzleQueryError || 'query' in e || 'params' in e || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e);

/** Only the stack frames: the first lines of a stack repeat the message. */
const framesOf = (e: Error) => (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n');

/**
 * What the log may say about an unexpected error. A database error's message and fields carry the query's parameters
 * (an Argon2 hash, personal data) and its detail the row's values, so only its SQLSTATE code, constraint, table and
 * column are kept, never its message, detail or params. Other errors keep their message and stack.
 */
export function describeError(err: unknown): Record<string, unknown> {
  const chain = causes(err);
  if (chain.some(isDatabaseError)) {
    const db = chain.find((e) => typeof e.code === 'string' && 'severity' in e) ?? chain.find((e) => typeof e.code === 'string');
    const pick = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return {
      type: 'DatabaseError',
      code: pick(db?.code),
      constraint: pick(db?.constraint),
      table: pick(db?.table),
      column: pick(db?.column),
      stack: err instanceof Error ? framesOf(err) : undefined,
    };
  }
  if (err instanceof Error) return { type: err.name, message: err.message, code: typeof (err as ErrorLike).code === 'string' ? (err as ErrorLike).code : undefined, stack: err.stack };
  return { type: typeof err };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Refusal | HttpError, req, reply) => {
    if (err instanceof Refusal) return reply.status(200).send({ code: 0, msg: err.key, data: err.data });
    if (err instanceof HttpError) return reply.status(err.status).send({ code: 0, msg: err.key, data: err.data });
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
      return reply.status(413).send({ code: 0, msg: 'payloadTooLarge', data: null });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
      return reply.status(415).send({ code: 0, msg: 'unsupportedMediaType', data: null });
    if (status === 429) return reply.status(429).send({ code: 0, msg: 'tooManyRequests', data: null });
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send({ code: 0, msg: 'malformedJson', data: null });
    if (status >= 400 && status < 500) return reply.status(status).send({ code: 0, msg: 'validationError', data: null });
    req.log.error({ error: describeError(err), route: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`, requestId: req.id }, 'unexpected error');
    return reply.status(500).send({ code: 0, msg: 'serverError', data: { requestId: req.id } });
  });
}
