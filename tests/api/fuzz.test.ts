// Fuzz test (issue 6 item 5): every endpoint declared in src/shared/contracts, found by importing every contract module,
// gets mutations of its input built from its zod schema (wrong types, NUL, huge numbers, long strings, arrays for
// objects, deep nesting, ...), as the super user and, for a sample, without a session. No reply may be a 500, and every
// reply must be a JSON envelope {code: 0|1, msg, data}.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@/shared/contracts/endpoint';
import { client, startServer, type TestServer } from './helpers';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers and preprocessing: what the value must finally be. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) s = d.innerType!;
    else if (d.type === 'pipe') s = defOf(d.in!).type === 'transform' ? d.out! : d.in!;
    else if (d.type === 'lazy') s = d.getter!();
    else return s;
  }
  return s;
}

/** A plausible value of a schema, pointing at no existing record (ids 999999), to mutate one field at a time. */
function sample(schema: z.ZodType, depth = 0): unknown {
  const s = unwrap(schema);
  const d = defOf(s);
  switch (d.type) {
    case 'object':
      return depth > 3 ? {} : Object.fromEntries(Object.entries(d.shape ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return depth > 3 ? [] : [sample(d.element!, depth + 1)];
    case 'string':
      return 'fuzz';
    case 'number':
    case 'int':
      return 999999;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'union':
      return sample(d.options![0], depth + 1);
    default:
      return 'fuzz';
  }
}

/** Stands for 1e309 in a body: JSON.stringify cannot write it, the raw text can. */
const INF = '__fuzz_1e309__';
const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** Values a number field must refuse (z.coerce.number took true for 1, "0x10" for 16, [1] for 1). */
const NOT_NUMBERS: unknown[] = [true, false, [1], '0x10', '1e3', ' 1', 9007199254740991, INF, 'NaN', { a: 1 }];

/** The values each field is replaced with, one at a time. */
const VALUES: unknown[] = [
  ...NOT_NUMBERS,
  null,
  -1,
  0,
  1.5,
  3000000000,
  -2147483649,
  '',
  'a\u0000b',
  '\ud800',
  'x'.repeat(100_000),
  ['a\u0000'],
  [null, {}, []],
  { id: 'a\u0000' },
  deep(200),
];

/** Inputs that replace the whole input. */
const WHOLE: unknown[] = [null, [], [1, 2], 'text', 42, true, {}, deep(3000), { __proto__x: 1, constructor: { prototype: 1 } }];

interface Sent {
  ep: Endpoint;
  status: number;
  contentType: string;
  body: string;
  what: string;
  /** A value that is no number, sent for a number field: it must be refused as invalid input. */
  notANumber: boolean;
}

/** Every endpoint of every contract module, once per method and path. */
async function discoverEndpoints(): Promise<Endpoint[]> {
  const dir = path.resolve(__dirname, '../../src/shared/contracts');
  const seen = new Map<string, Endpoint>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = (await import(/* @vite-ignore */ path.join(dir, file))) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      const e = v as Partial<Endpoint> | null;
      if (e && typeof e === 'object' && (e.method === 'GET' || e.method === 'POST') && typeof e.path === 'string' && e.path.startsWith('/api/') && e.input && typeof (e.input as z.ZodType).safeParse === 'function')
        seen.set(`${e.method} ${e.path.toLowerCase()}`, e as Endpoint);
    }
  }
  return [...seen.values()];
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the invalid UTF-8 a client could send. */
const enc = (t: string) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '\u0001')).replaceAll('%01', '%ED%A0%80');

/** A query string of an input: arrays as repeated keys, objects as JSON text, anything not an object as one odd key. */
function queryOf(input: unknown): string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return `?0=${encodeURIComponent(JSON.stringify(input) ?? '')}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    const one = (x: unknown) => `${enc(k)}=${enc(x === INF ? '1e309' : typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))}`;
    if (Array.isArray(v)) parts.push(...(v.length ? v.map(one) : [`${encodeURIComponent(k)}=`]));
    else parts.push(one(v));
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const bodyOf = (input: unknown) => (JSON.stringify(input) ?? 'null').replaceAll(`"${INF}"`, '1e309');

let s: TestServer;
let token: string;
let relogins = 0;
const replies: Sent[] = [];

async function signIn() {
  // A fresh session each time: the helper's first login also does the forced password change.
  token = await client(s.app).login('admin');
}

async function send(
  ep: Endpoint,
  what: string,
  input: unknown,
  opts: { auth?: boolean; raw?: { payload: string; contentType: string }; query?: string; notANumber?: boolean } = {},
) {
  const auth = opts.auth ?? true;
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${token}` } : {};
  const url = ep.path + (ep.method === 'GET' ? (opts.query ?? queryOf(input)) : '');
  const res =
    ep.method === 'GET'
      ? await s.app.inject({ method: 'GET', url, headers })
      : await s.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': opts.raw?.contentType ?? 'application/json' },
          payload: opts.raw ? opts.raw.payload : bodyOf(input),
        });
  replies.push({ ep, status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body, what, notANumber: opts.notANumber ?? false });
  // Calls that end the session (logout, a password change) leave the rest of the run signed out: sign in again.
  if (auth && res.statusCode === 401) {
    relogins++;
    await signIn();
  }
}

/** Every field of an object schema to fuzz: its keys, the elements of its arrays and the keys of objects inside them. */
function fieldPaths(schema: z.ZodType, prefix: (string | number)[] = [], depth = 0): { at: (string | number)[]; schema: z.ZodType }[] {
  const d = defOf(unwrap(schema));
  if (depth > 2) return [];
  if (d.type === 'object') {
    return Object.entries(d.shape ?? {}).flatMap(([k, v]) => [{ at: [...prefix, k], schema: v }, ...fieldPaths(v, [...prefix, k], depth + 1)]);
  }
  if (d.type === 'array') return [{ at: [...prefix, 0], schema: d.element! }, ...fieldPaths(d.element!, [...prefix, 0], depth + 1)];
  return [];
}

function withValue(base: unknown, at: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const k of at.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = typeof k === 'number' ? [] : {};
    node = node[k] as Record<string | number, unknown>;
  }
  node[at[at.length - 1]] = value;
  return copy;
}

beforeAll(async () => {
  // Sign-in limits off: the fuzz sends wrong passwords by the hundred and must still sign admin in again.
  s = await startServer({ AUTH_MAX_FAILURES: 1_000_000, AUTH_IP_PER_MINUTE: 1_000_000, ...({ AUTH_ACCOUNT_MAX_FAILURES: 1_000_000 } as object) });
  await signIn();
});
afterAll(() => s.close());

describe('fuzzing every contract', () => {
  it('answers every mutated input with an envelope and never a 500', async () => {
    const endpoints = await discoverEndpoints();
    expect(endpoints.length).toBeGreaterThan(50);
    let i = 0;
    for (const ep of endpoints) {
      const base = sample(ep.input);
      // The whole input replaced.
      for (const [n, whole] of WHOLE.entries()) await send(ep, `whole#${n}`, whole);
      // Each field replaced by each odd value.
      for (const { at, schema } of fieldPaths(ep.input)) {
        const numeric = ['number', 'int'].includes(defOf(unwrap(schema)).type);
        for (const [n, value] of VALUES.entries()) {
          // A query string carries [1] as "1", a valid number.
          const notANumber = numeric && NOT_NUMBERS.includes(value) && !(ep.method === 'GET' && Array.isArray(value));
          await send(ep, `${at.join('.')}#${n}`, withValue(base, at, value), { notANumber });
        }
      }
      // Framing the contract did not expect.
      if (ep.method === 'POST') {
        await send(ep, 'badJson', null, { raw: { payload: '{"id": 1,', contentType: 'application/json' } });
        await send(ep, 'textPlain', null, { raw: { payload: 'id=1', contentType: 'text/plain' } });
        await send(ep, 'empty', null, { raw: { payload: '', contentType: 'application/json' } });
      } else {
        await send(ep, 'badQuery', null, { query: '?id=%E0%A4%A&&==&pageIndex[]=1&%00=%00' });
      }
      // A sample without a session: one field mutation in three endpoints, and the whole-input ones of every fourth.
      const paths = fieldPaths(ep.input);
      if (paths.length) await send(ep, 'anon', withValue(base, paths[i % paths.length].at, VALUES[i % VALUES.length]), { auth: false });
      await send(ep, 'anon-base', base, { auth: false });
      if (i % 4 === 0) for (const whole of WHOLE) await send(ep, 'anon-whole', whole, { auth: false });
      i++;
    }

    const bad = replies.filter((r) => {
      if (r.status >= 500) return true;
      if (!r.contentType.includes('application/json')) return true;
      try {
        const b = JSON.parse(r.body) as { code?: unknown; msg?: unknown };
        return !(b && (b.code === 0 || b.code === 1) && typeof b.msg === 'string' && 'data' in b);
      } catch {
        return true;
      }
    });
    const accepted = replies.filter((r) => r.notANumber && !(r.status === 400 && JSON.parse(r.body).msg === 'validationError'));
    console.log(
      `fuzz: ${replies.length} requests over ${endpoints.length} endpoints (${relogins} sign-ins again), ${bad.length} bad replies, ` +
        `${accepted.length} non-numbers not refused of ${replies.filter((r) => r.notANumber).length}`,
    );
    expect(accepted.map((r) => `${r.ep.method} ${r.ep.path} ${r.what} -> ${r.status} ${r.body.slice(0, 200)}`).slice(0, 20)).toEqual([]);
    expect(bad.map((r) => `${r.ep.method} ${r.ep.path} ${r.what} -> ${r.status} ${r.contentType} ${r.body.slice(0, 200)}`).slice(0, 20)).toEqual([]);
  }, 300_000);
});
