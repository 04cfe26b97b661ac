// Endpoints as data: each API call is declared once here and both the server route and the client call derive from it.
import { z } from 'zod';
import type { MessageKey } from './messages';
import type { Route } from './routes';
import { int } from './fields';

/** 'public' needs no session; 'user' needs a session and a granted type-3 menu entry (or a no-requires-auth one). */
export type Access = 'public' | 'user';

/** Method and path (routes.ts): all the client's call needs of a contract. */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends Route {
  /** The query string (GET) or the JSON body (POST). */
  input: I;
  /** The `data` of a successful reply. */
  output: O;
  access: Access;
}

export function get<I extends z.ZodType, O extends z.ZodType>(
  path: `/api/${string}`,
  input: I,
  output: O,
  access: Access = 'user',
): Endpoint<I, O> {
  return { method: 'GET', path, input, output, access };
}

export function post<I extends z.ZodType, O extends z.ZodType>(
  path: `/api/${string}`,
  input: I,
  output: O,
  access: Access = 'user',
): Endpoint<I, O> {
  return { method: 'POST', path, input, output, access };
}

/** A contract on a route declared without schemas in routes.ts (the endpoints the login route calls). */
export function onRoute<R extends Route, I extends z.ZodType, O extends z.ZodType>(
  route: R,
  input: I,
  output: O,
  access: Access = 'user',
): Endpoint<I, O> & Pick<R, 'method' | 'path'> {
  return { method: route.method, path: route.path, input, output, access };
}

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

/** Every reply: code 1 success, 0 refusal; msg a message key; data the payload. */
export interface Envelope<T = unknown> {
  code: 0 | 1;
  msg: MessageKey | 'success';
  data: T;
}

/** The largest page size and page index a list accepts: the offset ((pageIndex - 1) × pageSize) stays within int4. */
export const PAGE_SIZE_MAX = 10_000;
export const PAGE_INDEX_MAX = 200_000;

/** Paging of every list. pageIndex starts at 1. */
export const listParams = z.object({
  pageIndex: int(1, PAGE_INDEX_MAX).default(1),
  pageSize: int(1, PAGE_SIZE_MAX).default(10),
});
export type ListParams = z.output<typeof listParams>;

/** The result of every paged list. */
export const listResult = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), count: z.number() });
export interface ListResult<T> {
  items: T[];
  count: number;
}

/** Success with nothing to return. */
export const none = z.null();
