// Endpoints as data: each API call is declared once here and both the server route and the client call derive from it.
import { z } from 'zod';
import type { MessageKey } from './messages';

/** 'public' needs no session; 'user' needs a session and a granted type-3 menu entry (or a no-requires-auth one). */
export type Access = 'public' | 'user';

export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
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

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

/** Every reply: code 1 success, 0 refusal; msg a message key; data the payload. */
export interface Envelope<T = unknown> {
  code: 0 | 1;
  msg: MessageKey | 'success';
  data: T;
}

/** Paging of every list. pageIndex starts at 1. */
export const listParams = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(10000).default(10),
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
