// The built PWA (STATIC_DIR): files with their pre-compressed .br/.gz copies (written by the build, vite.config.ts)
// chosen by Accept-Encoding, hashed /assets/* cached for good, the shell, manifest and service worker revalidated, and
// the history fallback (the shell for any other page path). Paths that are neither answer the 404 envelope.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const notFound = { code: 0, msg: '404', data: null } as const;

/** Serves the app from `dir` when it is built; returns the shell's file (index.html), or null without a build. */
export async function registerStatic(app: FastifyInstance, dir: string): Promise<string | null> {
  const root = path.resolve(dir);
  const shell = path.join(root, 'index.html');
  const hasApp = existsSync(shell);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // index.html.br, app.js.gz, … next to each file; @fastify/static adds `Vary: Accept-Encoding` to every reply.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // `file` is the copy sent (e.g. .../assets/index-abc.js.br). Hashed assets never change under their name.
        if (/[\\/]assets[\\/]/.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (/^\/api(\/|$)/i.test(req.url)) return reply.status(404).send(notFound);
    if (hasApp && req.method === 'GET' && !path.extname(req.url.split('?')[0])) {
      // An app route (/UserList, /login, …): the shell, compressed like the files above; the app's router takes over.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFound);
  });

  return hasApp ? shell : null;
}
