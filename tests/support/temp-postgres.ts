// A fresh PostgreSQL database on the server of `url`, for one test file, browser run or benchmark; drop() removes it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(url: string, statement: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export async function tempPostgres(url: string, prefix = 'sd_test'): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(url, `drop database if exists ${name} with (force)`) };
}
