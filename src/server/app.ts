// buildApp(config): the Fastify instance serving the JSON API under /api and the built PWA with history fallback.
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seed } from './db/seed/index';
import { describeError, registerErrorHandling } from './plugins/errors';
import { registerTransport, transportOptions } from './plugins/transport';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { registerCache } from './plugins/cache';
import { registerStatic } from './plugins/static';
import { createMailer, type Mailer } from './mail/mailer';
import { apiModules } from './modules/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
  }
}

/** Paths whose request logs must not carry secrets (reset tokens in links). */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1***');

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share a migrated one). */
  database?: Database;
  /** Skip seeding (the database is already seeded). */
  skipSeed?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them to check that no secret is logged). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance & { database: Database };

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  let shellFile: string | null = null;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    bodyLimit: 1024 * 1024,
    // Timeouts, header limits and envelopes for connection errors (408, 431, malformed framing).
    ...transportOptions(config),
    // A URL that cannot be decoded (e.g. /Bad%E0%A4%A) is answered like any other bad request: an envelope for the
    // API, the app shell for a page (the app then shows its /404), never Fastify's own error body.
    frameworkErrors: (_err, req, res) => {
      const reply = res as unknown as FastifyReply;
      const url = req.url ?? '/';
      if (shellFile && req.method === 'GET' && !/^\/api(\/|$)/i.test(url)) {
        // This reply comes before routing, without @fastify/static's sendFile.
        return void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(shellFile));
      }
      void reply.status(400).send({ code: 0, msg: 'validationError', data: null });
    },
    genReqId: () => crypto.randomUUID(),
    // API paths match case-insensitively (the original server did); static files keep their case.
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      if (!/^\/api\//i.test(url)) return url;
      const q = url.indexOf('?');
      return q < 0 ? url.toLowerCase() : url.slice(0, q).toLowerCase() + url.slice(q);
    },
  });

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, onPoolError: (err) => app.log.warn({ error: describeError(err) }, 'database connection closed') }));
  if (!opts.skipSeed) await seed(database.db, config);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const mailer = createMailer(config, database.db, app.log);
  app.decorate('mailer', mailer);
  // The mail outbox's sender loop runs in a listening server (tests drive it with mailer.outbox.deliverDue); it is
  // stopped, letting a round in progress finish, before the database closes.
  app.addHook('onListen', async () => mailer.outbox.start());
  app.addHook('onClose', async () => {
    await mailer.outbox.stop();
    mailer.close();
    if (!opts.database) await database.close();
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerTransport(app, config);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables in style elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });

  registerErrorHandling(app);
  registerCache(app, config.DATABASE_URL);
  registerAuth(app);
  registerIdempotency(app);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
  );

  shellFile = await registerStatic(app, config.STATIC_DIR);

  return Object.assign(app as FastifyInstance, { database });
}
