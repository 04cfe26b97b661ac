// A fresh PostgreSQL database on the server of `url`, for one test file, browser run or benchmark; drop() removes it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(url: string, ...statements: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const statement of statements) await c.query(statement);
  } finally {
    await c.end();
  }
}

export async function tempPostgres(url: string, prefix = 'sd_test'): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    // pg's Pool.end() resolves before its connections have finished closing; wait for them to go (up to 5 s)
    // so that the forced drop does not terminate a connection that is still saying goodbye.
    drop: () =>
      admin(
        url,
        `do $$ begin
           for i in 1..50 loop
             exit when not exists (select 1 from pg_stat_activity where datname = '${name}');
             perform pg_sleep(0.1);
           end loop;
         end $$`,
        `drop database if exists ${name} with (force)`,
      ),
  };
}
