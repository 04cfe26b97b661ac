// The database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set. Same schema, same migrations.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database and applies the committed migrations. `dataDir` 'memory://' keeps PGlite in memory (tests). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; onPoolError?: (err: Error) => void }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server closes (restart, admin termination) is dropped from the pool and
    // reported, never thrown: without a listener the pool's 'error' event would take the process down.
    pool.on('error', (err) => opts.onPoolError?.(err));
    // The same for a connection that is checked out (the pool listens only while it is idle): a termination that
    // arrives just as a query completes, before the connection is released, is reported too. A query in flight still
    // gets its error; the pool drops the dead connection when it comes back.
    pool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir && !opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite(opts.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
