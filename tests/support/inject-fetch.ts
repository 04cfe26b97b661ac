// A fetch that goes onto an in-process server: method, path and query, headers and body go to app.inject unchanged,
// so component tests talk to the real server without a network.
import type { FastifyInstance } from 'fastify';

/** `observe` sees every request before it is sent (tests that check what a screen called). */
export const fetchOnto =
  (app: () => FastifyInstance, observe?: (url: URL, init: RequestInit) => void) =>
  async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    observe?.(url, init);
    const res = await app().inject({
      method: (init.method ?? 'GET').toUpperCase() as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
