// Binds a contract (src/shared/contracts) to a handler: path, method, input parsing and the success envelope live here, once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, OutputOf, ParsedInputOf } from '@/shared/contracts/endpoint';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { fieldErrors, type FieldError } from '@/shared/contracts/field-messages';
import { HttpError } from './errors';
import type { AuthUser } from './auth';
import { scopeOf, type Scope } from './scope';

export interface Ctx<I> {
  input: I;
  /** The token's user; acting-user fields in payloads are never trusted (DESIGN §4). */
  user: AuthUser;
  db: Db;
  config: Config;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The user's country scope, loaded on first use. */
  scope(): Promise<Scope>;
}

export type Handler<E extends Endpoint> = (ctx: Ctx<ParsedInputOf<E>>) => Promise<OutputOf<E>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

export interface RouteOptions {
  /** Per-IP limit (@fastify/rate-limit) for calls an attacker would hammer: sign-in, getuser, forgot password. */
  rateLimit?: { max: number; timeWindow: number };
}

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Renames incoming keys case-insensitively to the schema's keys, so `Id`, `ID` and `id` all bind to `id`,
 * as the original server's binder did; nested objects and arrays follow the schema.
 */
export function normalizeKeys(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const shape = def.shape ?? {};
      const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const key = byLower.get(k.toLowerCase());
        if (key && !(key in out && k !== key)) out[key] = normalizeKeys(shape[key], v);
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((v) => normalizeKeys(def.element as z.ZodType, v)) : value;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return normalizeKeys(def.innerType as z.ZodType, value);
    case 'pipe':
      return normalizeKeys(def.in as z.ZodType, value);
    case 'lazy':
      return value;
    default:
      return value;
  }
}

/** How deep an input may nest: the deepest contract (a form with lists of rows) needs a few levels. */
const MAX_DEPTH = 32;

/**
 * NUL, which PostgreSQL text refuses (a 500 from the database), and lone UTF-16 surrogates, which the driver
 * would silently turn into U+FFFD.
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string of an input that no text column can store, or a nesting deeper than MAX_DEPTH, as a field error.
 * Checked here, on every input of every endpoint, so that no contract can forget it. Iterative: a deeply nested
 * body must not overflow the stack.
 */
export function badText(value: unknown): FieldError | null {
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (BAD_TEXT.test(v)) return { field: path.join('.'), message: 'crud.validation.invalid' };
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) return { field: path.join('.'), message: 'crud.validation.invalid' };
      for (const [k, child] of Object.entries(v)) stack.push({ v: child, path: [...path, k] });
    }
  }
  return null;
}

export function parseInput<E extends Endpoint>(endpoint: E, raw: unknown): ParsedInputOf<E> {
  const input = normalizeKeys(endpoint.input, raw ?? {});
  const bad = badText(input);
  if (bad) throw new HttpError(400, 'validationError', [bad]);
  const result = endpoint.input.safeParse(input, { reportInput: true });
  if (!result.success) {
    throw new HttpError(400, 'validationError', fieldErrors(result.error.issues));
  }
  return result.data as ParsedInputOf<E>;
}

/** The lower-cased path routes are registered under; rewriteUrl lower-cases incoming /api paths the same way. */
export const routePath = (endpoint: Endpoint) => endpoint.path.toLowerCase();

export function bindRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions = {}) {
  app.route({
    method: endpoint.method,
    url: routePath(endpoint),
    config: { endpoint, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    handler: async (req, reply) => {
      const input = parseInput(endpoint, endpoint.method === 'GET' ? req.query : req.body);
      let scope: Promise<Scope> | undefined;
      const ctx: Ctx<ParsedInputOf<E>> = {
        input,
        get user() {
          if (!req.user) throw new HttpError(401, 'tokenInvalid');
          return req.user;
        },
        db: app.db,
        config: app.config,
        req,
        reply,
        scope: () => (scope ??= scopeOf(app.db, req.user)),
      };
      const data = await handler(ctx);
      return { code: 1, msg: 'success', data: data ?? null };
    },
  });
}
