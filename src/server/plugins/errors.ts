// The reply envelope and error mapping (DESIGN §4): every reply is {code, msg, data}; msg is a message key, never a sentence or a stack.
import type { FastifyError, FastifyInstance } from 'fastify';
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
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ code: 0, msg: 'serverError', data: { requestId: req.id } });
  });
}
