// An in-memory stand-in for the sales endpoints, as a sync-engine transport: for the engine's unit tests only (the API
// and browser tests run the real server). It keeps the server's contract as DESIGN §6 states it: one record per
// country and period (per rule for targets), versions refused when stale, Idempotency-Key replays of the stored reply,
// 401 for an unknown token. Faults are injected per write: a 503, a dropped reply (applied, then no answer), a refusal.
import type { Endpoint } from '@/shared/contracts/endpoint';
import type { SendOptions, SendResult, Transport } from '@/app/offline/transport';

type Rec = { id: number; version: number; kind: 'weekSales' | 'salesData' | 'salesTarget'; key: string; body: Record<string, unknown> };

export type Fault = 'down' | '503' | '429' | 'drop' | '401' | { status: number; msg: string; data?: unknown };

export interface LoggedCall {
  path: string;
  token: string | null;
  key?: string;
  input: Record<string, unknown>;
}

const WRITES: Record<string, Rec['kind']> = {
  '/api/salesData/addoreditweeksalesdata': 'weekSales',
  '/api/salesData/addoreditsalesdata': 'salesData',
  '/api/salestarget/addoreditsalestarget': 'salesTarget',
  '/api/salestarget/copysalestarget': 'salesTarget',
};

const DUPLICATE_MSG: Record<Rec['kind'], string> = { weekSales: 'dataDuplication', salesData: 'hasSalesData', salesTarget: 'hasTarget' };

/** The record key the server keeps unique. */
function keyOf(kind: Rec['kind'], b: Record<string, unknown>): string {
  const c = String(b.country).toUpperCase();
  if (kind === 'weekSales') return `${c}|${b.yearS}-${b.monthS}`;
  if (kind === 'salesData') return `${c}|${b.datePeriod}`;
  return `${c}|${b.year}-${b.month}|${b.rule}`;
}

export class FakeServer {
  records: Rec[] = [];
  /** token -> account */
  tokens = new Map<string, string>();
  log: LoggedCall[] = [];
  /** Faults for the next writes, consumed in order. */
  writeFaults: Fault[] = [];
  down = false;
  private nextId = 100;
  private idem = new Map<string, { body: string; reply: SendResult }>();

  writes(): LoggedCall[] {
    return this.log.filter((c) => c.path in WRITES);
  }

  seed(kind: Rec['kind'], body: Record<string, unknown>, version = 1): Rec {
    const rec: Rec = { id: this.nextId++, version, kind, key: keyOf(kind, body), body };
    this.records.push(rec);
    return rec;
  }

  transport: Transport = async (endpoint: Endpoint, input: unknown, opts: SendOptions) => {
    await Promise.resolve();
    const body = (input ?? {}) as Record<string, unknown>;
    this.log.push({ path: endpoint.path, token: opts.token, key: opts.idempotencyKey, input: body });
    if (this.down) return { ok: false, network: true };
    if (endpoint.path === '/api/ping') return { ok: true, data: { time: 'now', timeZone: 'UTC' } };
    const account = opts.token ? this.tokens.get(opts.token) : undefined;
    if (!account) return { ok: false, network: false, status: 401, msg: 'tokenInvalid', data: null };
    const kind = WRITES[endpoint.path];
    if (kind) return this.write(kind, endpoint.path, body, account, opts.idempotencyKey);
    return this.read(endpoint.path, body);
  };

  private read(path: string, q: Record<string, unknown>): SendResult {
    const country = String(q.country ?? '').toUpperCase();
    if (path === '/api/salesData/getweeksalesdatapage2') {
      // As the server: year, month and country each narrow the list when given (the outbox asks a whole year).
      const hits = this.records.filter(
        (r) =>
          r.kind === 'weekSales' &&
          (!country || String(r.body.country).toUpperCase() === country) &&
          (q.year === undefined || Number(r.body.yearS) === Number(q.year)) &&
          (q.month === undefined || Number(r.body.monthS) === Number(q.month)),
      );
      const period = (r: Rec) => `${r.body.yearS}-${String(r.body.monthS).padStart(2, '0')}`;
      return { ok: true, data: hits.map((r) => ({ id: r.id, version: r.version, datePeriod: period(r), weekAmount: 0 })).sort((a, b) => b.datePeriod.localeCompare(a.datePeriod) || b.id - a.id) };
    }
    if (path === '/api/salesData/salesdataexist') return { ok: true, data: this.records.some((r) => r.kind === 'salesData' && r.key === `${country}|${q.datePeriod}`) };
    if (path === '/api/salesData/getsalesdatapage') {
      const items = this.records
        .filter((r) => r.kind === 'salesData' && String(r.body.country).toUpperCase() === country)
        .map((r) => ({ id: r.id, version: r.version, datePeriod: r.body.datePeriod, country: r.body.country }));
      return { ok: true, data: { items, count: items.length } };
    }
    if (path === '/api/salestarget/salestargetexist')
      return { ok: true, data: this.records.some((r) => r.kind === 'salesTarget' && r.key === `${country}|${q.year}-${q.month}|${q.rule}`) };
    if (path === '/api/salestarget/getsalestargetpage') {
      const items = this.records
        .filter((r) => r.kind === 'salesTarget' && String(r.body.country).toUpperCase() === country)
        .map((r) => ({ id: r.id, version: r.version, year: r.body.year, month: r.body.month, rule: r.body.rule, country: r.body.country }));
      return { ok: true, data: { items, count: items.length } };
    }
    return { ok: false, network: false, status: 404, msg: '404', data: null };
  }

  private write(kind: Rec['kind'], path: string, b: Record<string, unknown>, account: string, key?: string): SendResult {
    const fault = this.writeFaults.shift();
    if (fault === 'down') return { ok: false, network: true };
    if (fault === '503') return { ok: false, network: false, status: 503, msg: 'serverError', data: null };
    if (fault === '429') return { ok: false, network: false, status: 429, msg: 'tooManyRequests', data: null };
    if (fault === '401') return { ok: false, network: false, status: 401, msg: 'tokenInvalid', data: null };
    if (fault && typeof fault === 'object') return { ok: false, network: false, status: fault.status, msg: fault.msg, data: fault.data ?? null };

    const idemKey = key ? `${account}|${key}` : null;
    const bodyJson = JSON.stringify(b);
    const stored = idemKey ? this.idem.get(idemKey) : undefined;
    let reply: SendResult;
    if (stored) {
      if (stored.body !== bodyJson) return { ok: false, network: false, status: 409, msg: 'idempotencyMismatch', data: null };
      reply = stored.reply;
    } else {
      reply = this.apply(kind, path, b);
      if (idemKey && reply.ok) this.idem.set(idemKey, { body: bodyJson, reply });
    }
    // Applied, but the answer never arrives.
    if (fault === 'drop') return { ok: false, network: true };
    return reply;
  }

  private apply(kind: Rec['kind'], path: string, b: Record<string, unknown>): SendResult {
    const id = path.endsWith('copysalestarget') ? 0 : Number(b.id ?? 0);
    const key = keyOf(kind, b);
    if (!id) {
      if (this.records.some((r) => r.kind === kind && r.key === key)) return { ok: false, network: false, status: 200, msg: DUPLICATE_MSG[kind], data: null };
      const rec = this.seed(kind, b);
      return { ok: true, data: { id: rec.id, version: rec.version } };
    }
    const rec = this.records.find((r) => r.kind === kind && r.id === id);
    if (!rec) return { ok: false, network: false, status: 200, msg: 'notFound', data: null };
    if (b.version !== undefined && b.version !== rec.version) return { ok: false, network: false, status: 200, msg: 'staleVersion', data: { id: rec.id, version: rec.version } };
    rec.version++;
    rec.body = b;
    rec.key = key;
    return { ok: true, data: { id: rec.id, version: rec.version } };
  }
}
