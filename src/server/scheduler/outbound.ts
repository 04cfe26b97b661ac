// The one way a scheduled task calls an ABSOLUTE URL (DESIGN §11 "Where a task may call"). Guard, in order:
//  1. http or https only, no credentials in the URL;
//  2. the origin must be in the allow list (TASK_URL_ALLOW, see parseAllowList);
//  3. the host is resolved (every address); a loopback, private, link-local, metadata, unspecified, CGNAT, multicast
//     or reserved address (IPv4-mapped and other embedded IPv6 forms included, see address-check.ts) is refused
//     unless the listed origin names that very address (http://10.0.0.5:8080 listed reaches 10.0.0.5; a listed host
//     name reaching a private address is refused, so a name whose DNS turns private cannot reach internal services);
//  4. the connection goes to the address that was checked (a custom `lookup` pins it, so DNS rebinding cannot swap
//     it between the check and the connect; TLS still verifies the certificate against the host name);
//  5. no redirects (a 3xx is a refusal), one timeout for the whole call (60 s by default, resolution included), the
//     reply read up to maxBytes (1 MiB by default; more stops the reading and refuses);
//  6. the caller's headers (the task's auth header) go only to that origin: no redirect is ever followed and no
//     pooled connection is shared (agent: false).
// Every refusal or failure is an Error whose message is the reason, for the run log.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, describeClass } from './address-check';

export { parseAllowList, classifyAddress, describeClass, type AddressClass } from './address-check';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface CallExternalOptions {
  /** Normalised origins (parseAllowList / config TASK_URL_ALLOW). */
  allow: string[];
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Whole call, resolution included; default 60 s. */
  timeoutMs?: number;
  /** Largest reply body read; default 1 MiB. */
  maxBytes?: number;
  /** Sent with POST (Content-Length set from it). */
  body?: string;
  /** Resolution of a host name to all its addresses; node:dns lookup by default (tests replace it). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface ExternalReply {
  status: number;
  body: string;
}

/** Headers the caller may not set: they belong to the connection, not to the task. */
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'te', 'keep-alive']);

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function timeText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function normaliseAllow(allow: string[]): Set<string> {
  const set = new Set<string>();
  for (const a of allow) {
    try {
      set.add(new URL(a).origin);
    } catch {
      // an entry that is not a URL matches nothing
    }
  }
  return set;
}

/** Calls an absolute URL under the guard above; resolves with any status that is not a 3xx, throws the reason. */
export async function callExternal(url: string, opts: CallExternalOptions): Promise<ExternalReply> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error(`invalid URL: ${url}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new Error(`scheme not allowed: ${target.protocol.replace(/:$/, '')} (only http and https)`);
  }
  if (target.username || target.password) throw new Error('credentials in the URL are not allowed');
  const origin = target.origin;
  // WHATWG URL keeps IPv6 hosts in brackets; the socket wants them bare.
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host) !== 0;

  if (!normaliseAllow(opts.allow).has(origin)) {
    const cls = literal ? classifyAddress(host) : 'public';
    throw new Error(`origin not allowed: ${origin}${cls !== 'public' ? ` (${describeClass(cls)})` : ''}`);
  }

  for (const name of Object.keys(opts.headers)) {
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) throw new Error(`header not allowed: ${name}`);
  }
  if (opts.body !== undefined && opts.method !== 'POST') throw new Error('a body is sent only with POST');

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const timeoutError = () => new Error(`timed out after ${timeText(timeoutMs)}`);

  try {
    // Resolve and check. A literal address is itself; it is listed (step 2), so it is allowed whatever its class.
    let pinned: ResolvedAddress;
    if (literal) {
      pinned = { address: host, family: isIP(host) };
    } else {
      const resolve = opts.resolve ?? defaultResolve;
      let addresses: ResolvedAddress[];
      try {
        addresses = await Promise.race([
          resolve(host),
          new Promise<never>((_, reject) =>
            controller.signal.addEventListener('abort', () => reject(timeoutError()), { once: true }),
          ),
        ]);
      } catch (err) {
        if (timedOut) throw timeoutError();
        throw new Error(`cannot resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
      }
      if (addresses.length === 0) throw new Error(`cannot resolve ${host}: no address`);
      for (const a of addresses) {
        const cls = classifyAddress(a.address);
        if (cls !== 'public') {
          throw new Error(
            `address not allowed: ${host} resolves to ${a.address}, ${describeClass(cls)} (list the origin by that address to allow it)`,
          );
        }
      }
      pinned = addresses[0];
    }
    if (timedOut) throw timeoutError();
    return await request(target, host, pinned, opts, maxBytes, controller.signal, timeoutError);
  } finally {
    clearTimeout(timer);
  }
}

function request(
  target: URL,
  host: string,
  pinned: ResolvedAddress,
  opts: CallExternalOptions,
  maxBytes: number,
  signal: AbortSignal,
  timeoutError: () => Error,
): Promise<ExternalReply> {
  // Always answers with the checked address, whatever the runtime asks (one address, or all of them for
  // happy-eyeballs connects).
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const headers: Record<string, string> = { ...opts.headers };
  const body = opts.method === 'POST' ? (opts.body ?? '') : undefined;
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));

  const lib = target.protocol === 'https:' ? https : http;
  return new Promise<ExternalReply>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(err);
    };
    let req: http.ClientRequest;
    try {
      req = lib.request({
        protocol: target.protocol,
        host,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: opts.method,
        headers,
        lookup: pinnedLookup,
        agent: false,
        signal,
      });
    } catch (err) {
      // Invalid header names or values are refused by node:http before anything is sent.
      reject(new Error(`request refused: ${(err as Error).message}`));
      return;
    }
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (signal.aborted) fail(timeoutError());
      else fail(new Error(`request failed: ${err.code ?? err.message}`));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        const to = res.headers.location;
        fail(new Error(`redirect refused (${status}${to ? ` to ${to}` : ''})`));
        return;
      }
      const tooLarge = () => new Error(`reply larger than ${sizeText(maxBytes)}`);
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        fail(tooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > maxBytes) {
          fail(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err: NodeJS.ErrnoException) => {
        if (signal.aborted) fail(timeoutError());
        else fail(new Error(`reply failed: ${err.code ?? err.message}`));
      });
      res.on('end', () => {
        if (settled || !res.complete) return;
        settled = true;
        resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
      });
      // A reply the peer cut before its end (or the timeout destroyed) closes without 'end'.
      res.on('close', () => fail(signal.aborted ? timeoutError() : new Error('reply cut short')));
    });
    req.end(body);
  });
}
