// Starts the real server for the browser tests: builds the app (vite build, into the run's temp folder), then runs
// src/server/main.ts on port E2E_PORT (4123) with a fresh PGlite folder, or a fresh PostgreSQL database created from
// DATABASE_URL. Returns the teardown that stops the server and removes the database.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tempPostgres } from '../support/temp-postgres';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the app into this run's own folder: concurrent runs (and `npm start`) never see a half-written dist/. */
function build(outDir: string) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // The production build users get, whatever NODE_ENV the runner inherited.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

async function waitFor(url: string, exited: () => string | null, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const why = exited();
    if (why) throw new Error(why);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** True when something already listens on the port (another run's server would answer our tests). */
function portBusy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT || 4123);
  if (await portBusy(port)) throw new Error(`port ${port} is in use (another browser-test run?); set E2E_PORT to a free port`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'sd-e2e-'));
  const dist = path.join(tmp, 'dist');
  try {
    build(dist);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const pgDb = process.env.DATABASE_URL ? await tempPostgres(process.env.DATABASE_URL, 'sd_e2e') : undefined;
  const logFile = path.join(tmp, 'server.log');
  const log = createWriteStream(logFile);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    INITIAL_PASSWORD: 'Sales@123',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    STATIC_DIR: dist,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The report E-mail buttons mail here (recorded: no SMTP in tests).
    REPORT_MAIL_TO: 'reports@salesdesk.test',
    // Every browser of the run signs in from 127.0.0.1: the per-IP budget of password checks and forgot-password calls
    // (60 a minute by default) is for one address spraying accounts, which the API tests check; here a fast run of many
    // specs would exhaust it (sign-ins refused with 429, a spec waiting on the login page).
    AUTH_IP_PER_MINUTE: '100000',
  };
  if (pgDb) env.DATABASE_URL = pgDb.url;
  else delete env.DATABASE_URL;

  const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exit: string | null = null;
  server.on('exit', (code, signal) => {
    exit = `server exited (${code ?? signal}); log:\n${existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''}`;
  });

  // Shared with the workers: which demo accounts have left their initial password (tests/e2e/auth.ts).
  const stateFile = path.join(tmp, 'accounts.json');
  writeFileSync(stateFile, '{}');
  process.env.E2E_STATE_FILE = stateFile;
  // The built app the server serves (the update-prompt test publishes a new service worker there).
  process.env.E2E_STATIC_DIR = dist;

  try {
    await waitFor(`http://127.0.0.1:${port}/login`, () => exit);
  } catch (err) {
    server.kill('SIGTERM');
    await pgDb?.drop();
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }

  return async () => {
    if (exit === null) {
      const stopped = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 15_000))]);
      if (exit === null) server.kill('SIGKILL');
    }
    await pgDb?.drop();
    rmSync(tmp, { recursive: true, force: true });
  };
}
