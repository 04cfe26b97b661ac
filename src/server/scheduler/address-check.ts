// Pure pieces of the outbound-call guard of scheduled tasks (DESIGN §11 "Where a task may call"): the TASK_URL_ALLOW
// parser (origins, normalised) and the classifier that tells a public IP address from a loopback, private,
// link-local, metadata, unspecified, shared (CGNAT), multicast or reserved one, IPv4 and IPv6 alike, including the
// IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16).
import { isIPv4, isIPv6 } from 'node:net';

/**
 * TASK_URL_ALLOW: a comma list of origins (`scheme://host[:port]`, http or https). Each entry is normalised the way
 * the WHATWG URL origin is (host lowercased, default port dropped, IPv4 in dotted form, IPv6 compressed in brackets)
 * so it compares equal to `new URL(url).origin`. A path other than `/`, a query, a fragment, credentials, a wildcard
 * or another scheme is refused with an Error naming the entry. Empty entries are skipped; duplicates kept once.
 */
export function parseAllowList(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const origin = normaliseOrigin(entry);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

function normaliseOrigin(entry: string): string {
  const bad = (why: string) =>
    new Error(`TASK_URL_ALLOW: "${entry}" is not an origin (scheme://host[:port], http or https): ${why}`);
  if (entry.includes('*')) throw bad('wildcards are not supported');
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw bad('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`scheme ${url.protocol.replace(/:$/, '')} is not http or https`);
  if (!url.hostname) throw bad('no host');
  if (url.username || url.password) throw bad('credentials are not allowed');
  if (url.pathname !== '/' && url.pathname !== '') throw bad('a path is not allowed');
  if (url.search || url.hash || entry.endsWith('?') || entry.endsWith('#')) throw bad('a query or fragment is not allowed');
  return url.origin;
}

/** What kind of address an IP is; only 'public' may be called without its origin being listed by that address. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'invalid';

const LABELS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  shared: 'a shared (CGNAT) address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

/** "a loopback address", "a cloud metadata address", … for refusal messages. */
export function describeClass(c: AddressClass): string {
  return c === 'public' ? 'a public address' : LABELS[c];
}

/** The class of an IPv4 or IPv6 address (IPv6 may carry a zone, `fe80::1%eth0`, and may be in brackets). */
export function classifyAddress(ip: string): AddressClass {
  let s = ip.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (isIPv4(s)) return classifyV4(v4ToInt(s));
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!isIPv6(s)) return 'invalid';
  const g = parseV6(s);
  return g ? classifyV6(g) : 'invalid';
}

/** True for every address that is not public (loopback, private, link-local, metadata, …, or not an address). */
export function isSpecialAddress(ip: string): boolean {
  return classifyAddress(ip) !== 'public';
}

function v4ToInt(s: string): number {
  return s.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** a.b.c.d/bits as [network, mask] on unsigned 32-bit numbers. */
function inV4(n: number, cidr: string): boolean {
  const [addr, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  const size = 2 ** (32 - bits);
  const base = v4ToInt(addr);
  return n >= base && n < base + size;
}

const V4_METADATA = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192'].map(v4ToInt);

function classifyV4(n: number): AddressClass {
  if (V4_METADATA.includes(n)) return 'metadata';
  if (inV4(n, '0.0.0.0/8')) return 'unspecified'; // 0.0.0.0 and "this network": the local host on Linux
  if (inV4(n, '127.0.0.0/8')) return 'loopback';
  if (inV4(n, '10.0.0.0/8') || inV4(n, '172.16.0.0/12') || inV4(n, '192.168.0.0/16')) return 'private';
  if (inV4(n, '169.254.0.0/16')) return 'link-local';
  if (inV4(n, '100.64.0.0/10')) return 'shared';
  if (inV4(n, '224.0.0.0/4')) return 'multicast';
  // 240/4 holds the broadcast 255.255.255.255; 192.0.0/24 IETF assignments; 198.18/15 benchmarking.
  if (inV4(n, '240.0.0.0/4') || inV4(n, '192.0.0.0/24') || inV4(n, '198.18.0.0/15')) return 'reserved';
  return 'public';
}

/** The eight 16-bit groups of a valid IPv6 text (checked with isIPv6 first); a dotted IPv4 tail becomes two groups. */
function parseV6(s: string): number[] | null {
  let text = s.toLowerCase();
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const n = v4ToInt(tail[1]);
    text = text.slice(0, -tail[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h === '' ? [] : h.split(':').map((x) => parseInt(x, 16)));
  const head = part(halves[0]);
  if (halves.length === 1) return head.length === 8 ? head : null;
  const rest = part(halves[1]);
  const fill = 8 - head.length - rest.length;
  if (fill < 0) return null;
  return [...head, ...new Array<number>(fill).fill(0), ...rest];
}

function classifyV6(g: number[]): AddressClass {
  const zeroUpTo = (k: number) => g.slice(0, k).every((x) => x === 0);
  const v4At = (i: number) => g[i] * 65536 + g[i + 1];
  if (zeroUpTo(8)) return 'unspecified'; // ::
  if (zeroUpTo(7) && g[7] === 1) return 'loopback'; // ::1
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(v4At(6)); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeroUpTo(6)) return classifyV4(v4At(6)); // ::a.b.c.d, IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(v4At(6)); // NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // 64:ff9b:1::/48, local-use NAT64
  if (g[0] === 0x2002) return classifyV4(v4At(1)); // 6to4
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata';
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // 100::/64 discard
  return 'public';
}
