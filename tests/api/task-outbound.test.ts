// The outbound call of scheduled tasks to ABSOLUTE URLs (DESIGN §11 "Where a task may call"; issue 10): the address
// classifier (IPv4, IPv6, IPv4-mapped and other embedded forms), the TASK_URL_ALLOW parser and its config key, and
// callExternal against real local HTTP servers on 127.0.0.1: loopback, metadata, private and IPv6-loopback URLs
// refused with their reason, a listed host name resolving to a private address refused, a non-listed origin refused,
// redirects refused (and not followed, so the auth header reaches no other origin), a listed origin called with the
// auth header and its reply returned, POST bodies sent, the whole-call timeout, the 1 MiB reply cap (reading stops),
// and the connection pinned to the checked address. No internet: host names resolve through a stub where it matters.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import {
  callExternal,
  classifyAddress,
  parseAllowList,
  type CallExternalOptions,
  type ResolvedAddress,
} from '@/server/scheduler/outbound';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Peer {
  origin: string;
  port: number;
  seen: Seen[];
  /** Resolves when a connection the peer accepted is closed. */
  socketClosed(): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 recording every request it receives, answering with `handler`. */
async function peer(handler: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void): Promise<Peer> {
  const seen: Seen[] = [];
  let closedSockets = 0;
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(s);
      handler(req, res, s);
    });
  });
  server.on('connection', (socket) =>
    socket.on('close', () => {
      closedSockets += 1;
      waiters.splice(0).forEach((w) => w());
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    socketClosed: () => (closedSockets > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const peers: Peer[] = [];
async function started(handler: Parameters<typeof peer>[0]): Promise<Peer> {
  const p = await peer(handler);
  peers.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const ok = (body: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(body);
};

const GET = (allow: string[], extra: Partial<CallExternalOptions> = {}): CallExternalOptions => ({
  allow,
  method: 'GET',
  headers: { Authorization: 'Bearer secret-token' },
  ...extra,
});

/** A resolver stub that records the names asked and answers from a table (never the real DNS). */
function stubResolver(table: Record<string, ResolvedAddress[] | ResolvedAddress[][]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    const n = asked.filter((h) => h === hostname).length;
    asked.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    // A list of lists answers one list per call (to play a DNS that changes its answer).
    return Array.isArray(answer[0]) ? (answer as ResolvedAddress[][])[Math.min(n, answer.length - 1)] : (answer as ResolvedAddress[]);
  };
  return { asked, resolve };
}
const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

describe('address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.1.1', 'private'],
    ['192.169.0.1', 'public'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.63.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
  ])('IPv4 %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['FD00:0EC2:0000:0000:0000:0000:0000:0254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:db8::1', 'public'],
  ])('IPv6 %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::FFFF:10.0.0.1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:100.64.0.1', 'shared'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible (deprecated)
    ['64:ff9b::10.0.0.1', 'private'], // NAT64
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:808:808::1', 'public'],
  ])('IPv4 carried in IPv6 %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each(['localhost', '1.2.3', '256.0.0.1', '', '::ffff::1', 'example.com'])('"%s" is not an address', (text) => {
    expect(classifyAddress(text)).toBe('invalid');
  });
});

describe('TASK_URL_ALLOW', () => {
  it('parses a comma list into normalised origins (lowercase, default ports dropped, duplicates once)', () => {
    expect(parseAllowList('')).toEqual([]);
    expect(parseAllowList(' , ')).toEqual([]);
    expect(
      parseAllowList(
        'HTTPS://ERP.Example.com:443/, http://10.0.0.5:8080 ,http://api.example.com:80,https://erp.example.com,http://[::FFFF:127.0.0.1]:9000,http://[0:0::1]',
      ),
    ).toEqual(['https://erp.example.com', 'http://10.0.0.5:8080', 'http://api.example.com', 'http://[::ffff:7f00:1]:9000', 'http://[::1]']);
  });

  it.each([
    ['example.com', /"example\.com" is not an origin.*not a URL/],
    ['localhost:3000', /scheme localhost is not http or https/],
    ['ftp://files.example.com', /scheme ftp is not http or https/],
    ['file:///etc/passwd', /not http or https/],
    ['https://example.com/api', /a path is not allowed/],
    ['https://example.com?x=1', /a query or fragment is not allowed/],
    ['https://example.com/#top', /a query or fragment is not allowed/],
    ['https://user:pw@example.com', /credentials are not allowed/],
    ['https://*.example.com', /wildcards are not supported/],
  ])('refuses %s with a clear reason', (entry, reason) => {
    expect(() => parseAllowList(`https://ok.example.com,${entry}`)).toThrow(reason);
  });

  it('is read by the config: empty by default, normalised when set, a bad entry stops the start', () => {
    expect(loadConfig({}).TASK_URL_ALLOW).toEqual([]);
    expect(loadConfig({ TASK_URL_ALLOW: 'https://ERP.example.com:443' }).TASK_URL_ALLOW).toEqual(['https://erp.example.com']);
    expect(() => loadConfig({ TASK_URL_ALLOW: 'https://ok.example.com,erp.example.com' })).toThrow(
      /Invalid configuration:\n {2}TASK_URL_ALLOW: "erp\.example\.com" is not an origin/,
    );
  });
});

describe('callExternal', () => {
  let target: Peer;
  beforeAll(async () => {
    // A long-lived peer that must never be reached by the refused calls below.
    target = await peer(ok('should not be reached'));
  });
  afterAll(async () => {
    await target.close();
  });

  it('refuses loopback, metadata, private and IPv6-loopback URLs that are not listed, with their reason, without calling', async () => {
    const allow = ['https://erp.example.com'];
    await expect(callExternal(`http://127.0.0.1:${target.port}/api/x`, GET(allow))).rejects.toThrow(
      `origin not allowed: http://127.0.0.1:${target.port} (a loopback address)`,
    );
    await expect(callExternal('http://169.254.169.254/latest/meta-data/', GET(allow))).rejects.toThrow(
      'origin not allowed: http://169.254.169.254 (a cloud metadata address)',
    );
    await expect(callExternal('http://10.0.0.1/', GET(allow))).rejects.toThrow('origin not allowed: http://10.0.0.1 (a private address)');
    await expect(callExternal(`http://[::1]:${target.port}/`, GET(allow))).rejects.toThrow(
      `origin not allowed: http://[::1]:${target.port} (a loopback address)`,
    );
    // Other spellings of the same addresses are normalised by the URL parser before the check.
    await expect(callExternal(`http://2130706433:${target.port}/`, GET(allow))).rejects.toThrow(
      `origin not allowed: http://127.0.0.1:${target.port} (a loopback address)`,
    );
    await expect(callExternal('http://0xa9.254.0xa9.254/', GET(allow))).rejects.toThrow('(a cloud metadata address)');
    await expect(callExternal(`http://[::ffff:127.0.0.1]:${target.port}/`, GET(allow))).rejects.toThrow(
      `origin not allowed: http://[::ffff:7f00:1]:${target.port} (a loopback address)`,
    );
    await expect(callExternal('http://[fd00:ec2::254]/', GET(allow))).rejects.toThrow('(a cloud metadata address)');
    await expect(callExternal('http://0.0.0.0/', GET(allow))).rejects.toThrow('(an unspecified address)');
    await expect(callExternal('http://100.64.0.1/', GET(allow))).rejects.toThrow('(a shared (CGNAT) address)');
    expect(target.seen).toEqual([]);
  });

  it('refuses a listed host name that resolves to a private address (localhost through the real resolver)', async () => {
    const allow = [`http://localhost:${target.port}`];
    await expect(callExternal(`http://localhost:${target.port}/api/x`, GET(allow))).rejects.toThrow(
      /^address not allowed: localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
    expect(target.seen).toEqual([]);
  });

  it('checks every address a listed name resolves to, the IPv4-mapped forms included', async () => {
    const dns = stubResolver({
      'internal.example.com': [v4('10.1.2.3')],
      'mixed.example.com': [v4('203.0.113.10'), v4('192.168.0.7')],
      'mapped.example.com': [v6('::ffff:169.254.169.254')],
      'ula.example.com': [v6('2606:4700::1'), v6('fd12::1')],
    });
    const allow = parseAllowList(
      'https://internal.example.com,https://mixed.example.com,https://mapped.example.com,https://ula.example.com',
    );
    const opts = GET(allow, { resolve: dns.resolve });
    await expect(callExternal('https://internal.example.com/x', opts)).rejects.toThrow(
      'address not allowed: internal.example.com resolves to 10.1.2.3, a private address',
    );
    await expect(callExternal('https://mixed.example.com/x', opts)).rejects.toThrow(
      'address not allowed: mixed.example.com resolves to 192.168.0.7, a private address',
    );
    await expect(callExternal('https://mapped.example.com/x', opts)).rejects.toThrow(
      'address not allowed: mapped.example.com resolves to ::ffff:169.254.169.254, a cloud metadata address',
    );
    await expect(callExternal('https://ula.example.com/x', opts)).rejects.toThrow('resolves to fd12::1, a private address');
    await expect(callExternal('https://nowhere.example.com/x', GET(['https://nowhere.example.com'], { resolve: dns.resolve }))).rejects.toThrow(
      'cannot resolve nowhere.example.com: ENOTFOUND',
    );
  });

  it('refuses a public-looking origin that is not listed, before any resolution', async () => {
    const dns = stubResolver({ 'api.partner.example': [v4('203.0.113.5')] });
    await expect(
      callExternal('https://api.partner.example/hook', GET(['https://erp.example.com'], { resolve: dns.resolve })),
    ).rejects.toThrow(/^origin not allowed: https:\/\/api\.partner\.example$/);
    // Same host, other scheme or port: another origin.
    await expect(
      callExternal('http://api.partner.example/hook', GET(['https://api.partner.example'], { resolve: dns.resolve })),
    ).rejects.toThrow('origin not allowed: http://api.partner.example');
    await expect(
      callExternal('https://api.partner.example:8443/hook', GET(['https://api.partner.example'], { resolve: dns.resolve })),
    ).rejects.toThrow('origin not allowed: https://api.partner.example:8443');
    expect(dns.asked).toEqual([]);
  });

  it('refuses other schemes, credentials in the URL and connection headers', async () => {
    const allow = [target.origin];
    await expect(callExternal('ftp://127.0.0.1/x', GET(allow))).rejects.toThrow('scheme not allowed: ftp (only http and https)');
    await expect(callExternal('file:///etc/passwd', GET(allow))).rejects.toThrow('scheme not allowed: file');
    await expect(callExternal('not a url', GET(allow))).rejects.toThrow('invalid URL: not a url');
    await expect(callExternal(`http://u:p@127.0.0.1:${target.port}/`, GET(allow))).rejects.toThrow(
      'credentials in the URL are not allowed',
    );
    await expect(callExternal(`${target.origin}/`, GET(allow, { headers: { Host: 'metadata.internal' } }))).rejects.toThrow(
      'header not allowed: Host',
    );
    await expect(callExternal(`${target.origin}/`, GET(allow, { headers: { 'X-Key': 'a\r\nX-Injected: 1' } }))).rejects.toThrow(
      /^request refused: /,
    );
    expect(target.seen).toEqual([]);
  });

  it('calls a listed origin (a private address listed by that address) with the auth header and returns its reply', async () => {
    const p = await started(ok('{"code":0,"msg":"done"}'));
    const reply = await callExternal(`${p.origin}/api/hook?x=1&y=%20`, GET([p.origin]));
    expect(reply).toEqual({ status: 200, body: '{"code":0,"msg":"done"}' });
    expect(p.seen).toHaveLength(1);
    expect(p.seen[0]).toMatchObject({ method: 'GET', url: '/api/hook?x=1&y=%20', body: '' });
    expect(p.seen[0].headers.authorization).toBe('Bearer secret-token');
    // The listed origin matches however the caller spells it.
    await expect(callExternal(`${p.origin}/again`, GET([`HTTP://127.0.0.1:${p.port}/`]))).resolves.toMatchObject({ status: 200 });
  });

  it('returns a status that is not a redirect as it is (the scheduler decides what failed)', async () => {
    const p = await started((_req, res) => {
      res.writeHead(503);
      res.end('busy');
    });
    await expect(callExternal(`${p.origin}/`, GET([p.origin]))).resolves.toEqual({ status: 503, body: 'busy' });
  });

  it('POST sends its body', async () => {
    const p = await started(ok('accepted'));
    const body = JSON.stringify({ name: '報表', n: 1 });
    const reply = await callExternal(`${p.origin}/api/TaskWork/Run`, {
      allow: [p.origin],
      method: 'POST',
      headers: { 'X-Api-Key': 'k-123', 'Content-Type': 'application/json' },
      body,
    });
    expect(reply).toEqual({ status: 200, body: 'accepted' });
    expect(p.seen[0]).toMatchObject({ method: 'POST', url: '/api/TaskWork/Run', body });
    expect(p.seen[0].headers).toMatchObject({
      'x-api-key': 'k-123',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
  });

  it('refuses a redirect (to a private address or even to another listed origin) and never follows it', async () => {
    const other = await started(ok('other'));
    const toMetadata = await started((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' });
      res.end();
    });
    const toOther = await started((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/steal` });
      res.end();
    });
    const allow = [toMetadata.origin, toOther.origin, other.origin];
    await expect(callExternal(`${toMetadata.origin}/`, GET(allow))).rejects.toThrow(
      'redirect refused (302 to http://169.254.169.254/latest/meta-data/iam)',
    );
    await expect(callExternal(`${toOther.origin}/`, GET(allow))).rejects.toThrow(`redirect refused (307 to ${other.origin}/steal)`);
    expect(toMetadata.seen).toHaveLength(1);
    expect(toOther.seen).toHaveLength(1);
    // The auth header went to the called origin only.
    expect(other.seen).toEqual([]);
  });

  it('gives up after the timeout when the server never answers, and closes the connection', async () => {
    const silent = await started(() => {
      /* never answers */
    });
    await expect(callExternal(`${silent.origin}/slow`, GET([silent.origin], { timeoutMs: 500 }))).rejects.toThrow(
      'timed out after 500 ms',
    );
    expect(silent.seen).toHaveLength(1);
    await silent.socketClosed();
  });

  it('counts the resolution in the timeout', async () => {
    const resolve = () => new Promise<ResolvedAddress[]>(() => {});
    await expect(
      callExternal('https://slow-dns.example.com/', GET(['https://slow-dns.example.com'], { resolve, timeoutMs: 100 })),
    ).rejects.toThrow('timed out after 100 ms');
  });

  it('times out a reply that trickles without end', async () => {
    const p = await started((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    await expect(callExternal(`${p.origin}/`, GET([p.origin], { timeoutMs: 500 }))).rejects.toThrow('timed out after 500 ms');
    await p.socketClosed();
  });

  it('reads a reply up to 1 MiB and refuses a larger one, declared or streamed, and stops reading', async () => {
    const MiB = 1024 * 1024;
    const exact = await started((_req, res) => {
      res.writeHead(200);
      res.write('a'.repeat(MiB / 2));
      res.end('b'.repeat(MiB / 2));
    });
    const reply = await callExternal(`${exact.origin}/`, GET([exact.origin]));
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(MiB);

    const declared = await started((_req, res) => {
      res.writeHead(200, { 'content-length': String(MiB + 1) });
      res.end('x'.repeat(MiB + 1));
    });
    await expect(callExternal(`${declared.origin}/`, GET([declared.origin]))).rejects.toThrow('reply larger than 1 MiB');

    // Chunked, no length, never ending: the call refuses once past the cap and drops the connection.
    let written = 0;
    const endless = await started((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    await expect(callExternal(`${endless.origin}/`, GET([endless.origin]))).rejects.toThrow('reply larger than 1 MiB');
    await endless.socketClosed();
    expect(written).toBeLessThan(64 * MiB);

    const small = await started(ok('x'.repeat(1001)));
    await expect(callExternal(`${small.origin}/`, GET([small.origin], { maxBytes: 1000 }))).rejects.toThrow(
      'reply larger than 1000 bytes',
    );
  });

  it('connects to the address it checked: the name is resolved once and a changed answer is never used', async () => {
    // The first answer is public (TEST-NET-3, unreachable here); a second resolution would point at the local peer.
    const local = await started(ok('rebound'));
    const dns = stubResolver({ 'rebind.example.com': [[v4('203.0.113.7')], [v4('127.0.0.1')]] });
    const allow = [`http://rebind.example.com:${local.port}`];
    const err = await callExternal(`http://rebind.example.com:${local.port}/`, GET(allow, { resolve: dns.resolve, timeoutMs: 300 })).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/^(timed out after 300 ms|request failed: E(NETUNREACH|HOSTUNREACH|CONNREFUSED|CONNRESET))$/);
    expect(dns.asked).toEqual(['rebind.example.com']);
    expect(local.seen).toEqual([]);
  });
});
