// How the sync engine reaches the server and keeps one replay per device, as injectable pieces (DESIGN §6): a transport
// (the app's is the API client, see app-sync.ts; fetchTransport here serves Node benchmarks and tools) and a lock
// (the Web Lock where the browser has one, an in-process mutex elsewhere). Nothing here touches the DOM or the session.
import type { Endpoint } from '@/shared/contracts/endpoint';

export interface SendOptions {
  /** The token of the account whose entry this is; null for public calls (ping). */
  token: string | null;
  /** Sent as `Idempotency-Key` on writes. */
  idempotencyKey?: string;
  timeoutMs?: number;
}

/**
 * A call's outcome, never thrown: success with the reply's data; a network failure (no reply, a timeout, a reply that is
 * not the envelope); or the server's refusal with its HTTP status, message key and data.
 */
export type SendResult =
  | { ok: true; data: unknown }
  | { ok: false; network: true; status?: number }
  | { ok: false; network: false; status: number; msg: string; data: unknown };

export type Transport = (endpoint: Endpoint, input: unknown, opts: SendOptions) => Promise<SendResult>;

/** A transport on `fetch` against `baseUrl` (e.g. http://127.0.0.1:4200): the same wire format as the app's client. */
export function fetchTransport(opts: { baseUrl: string; fetch?: typeof fetch; timeoutMs?: number }): Transport {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return async (endpoint, input, { token, idempotencyKey, timeoutMs }) => {
    const f = opts.fetch ?? globalThis.fetch;
    let url = base + endpoint.path;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let body: string | undefined;
    if (endpoint.method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) q.set(k, String(v));
      const qs = q.toString();
      if (qs) url += `?${qs}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input ?? {});
    }
    let res: Response;
    try {
      res = await f(url, { method: endpoint.method, headers, body, signal: AbortSignal.timeout(timeoutMs ?? opts.timeoutMs ?? 60_000) });
    } catch {
      return { ok: false, network: true };
    }
    const env = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown; data?: unknown } | null;
    if (!env || typeof env !== 'object' || (env.code !== 0 && env.code !== 1)) return { ok: false, network: true, status: res.status };
    if (env.code === 1) return { ok: true, data: env.data };
    return { ok: false, network: false, status: res.status, msg: String(env.msg ?? 'serverError'), data: env.data ?? null };
  };
}

/** Runs `fn` while holding the named exclusive lock. */
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** An in-process mutex per name: for Node, and browsers without the Web Locks API (one tab at a time is then not guaranteed). */
export function createMutex(): LockFn {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const prev = tails.get(name) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}

const fallbackMutex = createMutex();

/** The Web Lock (shared by every tab of the origin) where there is one, else this process's mutex. */
export function defaultLock(): LockFn {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks?.request) return <T>(name: string, fn: () => Promise<T>) => locks.request(name, { mode: 'exclusive' }, fn) as Promise<T>;
  return fallbackMutex;
}
