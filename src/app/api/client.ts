// The one HTTP client: derives each call from its contract, sends the token, unwraps the envelope and routes global errors
// (spec part 3 §8.1): token invalid -> session cleared, /login with redirect; "401..." -> /401; "404" -> /404; network -> ApiError('network').
import { ofetch, FetchError } from 'ofetch';
import type { Endpoint, Envelope, InputOf, OutputOf } from '@/shared/contracts/endpoint';
import type { Route } from '@/shared/contracts/routes';
import { REQUEST_TIMEOUT_MS } from '@/shared/domain/constants';
import { clearSession, getToken, markSessionEnded } from '../session/session';

export type ApiErrorKind = 'refusal' | 'network' | 'validation' | 'auth' | 'forbidden' | 'notFound' | 'server' | 'rateLimited';

/** A failed call. `msg` is a message key (errors.<msg> in the locales); 'connectionError' for network failures. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly msg: string,
    readonly status = 0,
    readonly data: unknown = null,
    /** True when the client already routed the user for it (login, /401, /404); screens need not show it. */
    readonly routed = false,
  ) {
    super(msg);
  }
}

type Navigate = (to: string, opts?: { replace?: boolean; flushSync?: boolean }) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router hands its navigate function here so global errors route without a page reload. */
export const setNavigator = (n: Navigate) => {
  navigate = n;
};

function currentLocation() {
  return window.location.pathname + window.location.search;
}

function routeGlobal(status: number, msg: string) {
  if (status === 401 || msg === 'tokenInvalid') {
    const here = currentLocation();
    const onLogin = /^\/login/i.test(window.location.pathname);
    if (getToken()) markSessionEnded();
    if (!onLogin) {
      // Leave the guarded screen first, so the guard does not answer the cleared session with a redirect of its own.
      navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true, flushSync: true });
    }
    clearSession();
    return new ApiError('auth', 'tokenInvalid', status, null, true);
  }
  if (msg.startsWith('401')) {
    navigate('/401');
    return new ApiError('forbidden', msg, status, null, true);
  }
  if (msg === '404') {
    navigate('/404');
    return new ApiError('notFound', msg, status, null, true);
  }
  return null;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Leave global routing (401/404/login) to the caller. */
  noGlobalRouting?: boolean;
}

/**
 * A contract's route (routes.ts) typed by the contract through a type-only import: a screen calls it without loading
 * the contract's schemas (the login route, whose bundle must not carry zod). The call only needs method and path.
 */
export type RouteOf<E extends Endpoint> = Route & { readonly contract?: E };

/** Types a schema-less route by its contract: `routeOf<typeof login>(identityRoutes.login)` (the paths must match). */
export const routeOf = <E extends Endpoint>(route: Pick<E, 'method' | 'path'>): RouteOf<E> => route;

/** Calls an endpoint. Resolves with the reply's data on code 1; rejects with ApiError otherwise. */
export async function call<E extends Endpoint>(endpoint: E | RouteOf<E>, input: InputOf<E>, opts: CallOptions = {}): Promise<OutputOf<E>> {
  const token = getToken();
  const headers: Record<string, string> = { ...opts.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let status: number;
  let body: Envelope<OutputOf<E>>;
  try {
    const res = await ofetch.raw<Envelope<OutputOf<E>>>(endpoint.path, {
      method: endpoint.method,
      ...(endpoint.method === 'GET' ? { query: clean(input as Record<string, unknown>) } : { body: input as Record<string, unknown> }),
      headers,
      timeout: REQUEST_TIMEOUT_MS,
      signal: opts.signal,
      retry: 0,
      ignoreResponseError: true,
    });
    status = res.status;
    if (!res._data || typeof res._data !== 'object') throw new ApiError('network', 'connectionError', status);
    body = res._data;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof FetchError || err instanceof TypeError || (err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') {
      throw new ApiError('network', 'connectionError');
    }
    throw err;
  }
  if (body.code === 1) return body.data;
  const msg = String(body.msg ?? 'serverError');
  if (!opts.noGlobalRouting) {
    const routed = routeGlobal(status, msg);
    if (routed) throw routed;
  }
  const kind: ApiErrorKind =
    status === 400 || status === 413 ? 'validation' : status === 429 ? 'rateLimited' : status >= 500 ? 'server' : status === 401 ? 'auth' : status === 403 ? 'forbidden' : 'refusal';
  throw new ApiError(kind, msg, status, body.data);
}

/** Query strings: drop undefined and null, keep "" (the original sends "" for "all"). */
function clean(input: Record<string, unknown> | undefined) {
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== undefined && v !== null));
}
