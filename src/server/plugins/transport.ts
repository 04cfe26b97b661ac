// HTTP transport limits (issue 6, items 4 and 11): timeouts and header limits against slow or oversized clients, a cap
// on connections per IP, envelopes for the errors Node answers before Fastify sees a request, and no caching of API replies.
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { MessageKey } from '@/shared/contracts/messages';
import type { Config } from '../config';

/** A raw HTTP reply with an envelope body, for a socket Fastify never made a request of. */
function envelopeResponse(status: number, reason: string, msg: MessageKey) {
  const body = JSON.stringify({ code: 0, msg, data: null });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Errors of the connection before (or instead of) a request: malformed framing, a head over the size limit, a request
 * not received within the timeout. Node would answer them with a bare status line; this answers an envelope.
 */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // A reply already under way must not be corrupted by a second status line.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const response =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? envelopeResponse(408, 'Request Timeout', 'requestTimeout')
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? envelopeResponse(431, 'Request Header Fields Too Large', 'headersTooLarge')
          : envelopeResponse(400, 'Bad Request', 'validationError');
    socket.end(response);
  }
  socket.destroy();
}

/** The Fastify options that set the limits (Fastify defaults them off: no request or connection timeout). */
export function transportOptions(config: Config): Pick<
  FastifyHttpOptions<Server>,
  'http' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'clientErrorHandler'
> {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      maxHeaderSize: config.HTTP_MAX_HEADER_BYTES,
      // Node checks those two timeouts only this often (30 s by default, which would let a short timeout run long).
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
    clientErrorHandler,
  };
}

/** Caps open connections per client IP and marks every API reply as not cacheable. */
export function registerTransport(app: FastifyInstance, config: Config) {
  const cap = config.HTTP_MAX_CONNECTIONS_PER_IP;
  if (cap > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const ip = socket.remoteAddress ?? '';
      const count = (open.get(ip) ?? 0) + 1;
      open.set(ip, count);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left > 0) open.set(ip, left);
        else open.delete(ip);
      });
      // Over the cap: closed before a byte is read, so a flood of idle sockets cannot exhaust file descriptors.
      if (count > cap) socket.destroy();
    });
  }

  // API replies hold personal and business data: no browser or proxy cache may keep them.
  app.addHook('onSend', async (req, reply) => {
    if (/^\/api(\/|$|\?)/i.test(req.url)) reply.header('cache-control', 'no-store');
  });
}
