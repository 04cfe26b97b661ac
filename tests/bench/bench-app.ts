// What the benchmark parts share: a server on a fresh database (PGlite on disk, as `npm start` runs it, or a database
// of its own on PostgreSQL), signing in through the forced password change, and whether PostgreSQL is there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { changeUserPassword, login } from '@/shared/contracts/user';
import { tempPostgres, type TempDatabase } from '../support/temp-postgres';

export type BenchDb = 'pglite' | 'postgres';
export type BenchApp = Awaited<ReturnType<typeof buildApp>>;
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `body` with a server on a fresh database of the kind, then closes and removes it. */
export async function withBenchApp<T>(kind: BenchDb, overrides: Partial<Config>, body: (app: BenchApp, config: Config) => Promise<T>): Promise<T> {
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'sd-bench-')) : undefined;
  const temp: TempDatabase | undefined = kind === 'postgres' ? await tempPostgres(PG_URL, 'sd_bench') : undefined;
  const config = loadConfig({}, { DATA_DIR: dataDir ?? 'memory://', DATABASE_URL: temp?.url, LOG_LEVEL: 'silent', STATIC_DIR: './.no-static', ...overrides });
  const app = await buildApp(config, { logger: false });
  try {
    return await body(app, config);
  } finally {
    await app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await temp?.drop();
  }
}

/** Signs in; the initial password only opens the forced change, so change it and sign in again. */
export async function signIn(app: BenchApp, number: string, initial: string): Promise<string> {
  const first = await app.inject({ method: 'POST', url: login.path, payload: { number, password: initial } });
  const changed = 'Bench1x';
  await app.inject({
    method: 'POST',
    url: changeUserPassword.path,
    payload: { oldPassword: initial, password: changed },
    headers: { authorization: `Bearer ${first.json().data.token as string}` },
  });
  const res = await app.inject({ method: 'POST', url: login.path, payload: { number, password: changed } });
  if (res.json().code !== 1) throw new Error(`${number} cannot sign in: ${res.json().msg as string}`);
  return res.json().data.token as string;
}

export async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** The databases BENCH_DB asks for (both by default), PostgreSQL only when reachable. */
export async function benchDatabases(): Promise<BenchDb[]> {
  const only = process.env.BENCH_DB;
  const out: BenchDb[] = [];
  if (only !== 'postgres') out.push('pglite');
  if (only !== 'pglite') {
    if (await postgresReachable()) out.push('postgres');
    else console.log(`  PostgreSQL at ${PG_URL} not reachable: skipped`);
  }
  return out;
}
