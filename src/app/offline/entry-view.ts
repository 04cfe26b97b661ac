// How an outbox entry and a server record are shown and opened (DESIGN §6): a short summary of each side for the
// conflict dialog, and the form routes that open a record (edit) or an entry's values (its draft copy).
import type { SalesDataFormInput, SalesDataRecord, WeekSalesFormInput, WeekSalesRecord } from '@/shared/contracts/sales-data';
import type { SalesTargetFormInput, SalesTargetRecord } from '@/shared/contracts/sales-target';
import { DRAFT_PARAM } from './drafts';
import type { EntryKind, OutboxEntry } from './types';

export type ServerRecord = WeekSalesRecord | SalesDataRecord | SalesTargetRecord;

/** The fields both sides of a conflict show; null where a side has nothing to say. */
export interface Summary {
  country: string | null;
  period: string | null;
  rule: number | null;
  rows: number | null;
  quantity: number | null;
  amount: number | null;
  status: number | null;
  version: number | null;
  by: string | null;
  at: string | null;
}

const num = (v: unknown) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const pad2 = (n: unknown) => String(num(n)).padStart(2, '0');

/** What the device's entry holds. */
export function summarizePayload(kind: EntryKind, payload: OutboxEntry['payload']): Summary {
  const base = { rule: null, status: null, version: null, by: null, at: null } as const;
  if (kind === 'weekSales') {
    const p = payload as WeekSalesFormInput;
    const subs = (p.salesDataDetailEntities ?? []).flatMap((d) => d.salesDataDetailSubs ?? []);
    return {
      ...base,
      country: p.country,
      period: `${p.yearS}-${pad2(p.monthS)}`,
      rows: subs.length,
      quantity: null,
      amount: round2(subs.reduce((s, x) => s + num(x.uploadAmount), 0)),
      version: p.version === undefined || p.version === null ? null : num(p.version),
    };
  }
  if (kind === 'salesData') {
    const p = payload as SalesDataFormInput;
    const rows = p.salesDataDetailEntities ?? [];
    const subs = rows.flatMap((d) => d.salesDataDetailSubs ?? []);
    return {
      ...base,
      country: p.country,
      period: p.datePeriod,
      rule: num(p.rules),
      rows: rows.length,
      quantity: subs.reduce((s, x) => s + num(x.uploadQuantity), 0),
      amount: num(p.rules) === 2 ? round2(subs.reduce((s, x) => s + num(x.onlineAmount) + num(x.retailAmount), 0)) : null,
      version: p.version === undefined || p.version === null ? null : num(p.version),
    };
  }
  const p = payload as SalesTargetFormInput;
  const rows = p.salesTargetDetailEntities ?? [];
  const rule = num(p.rule);
  return {
    ...base,
    country: p.country,
    period: `${p.year}-${pad2(p.month)}`,
    rule,
    rows: rows.length,
    quantity: rule === 1 ? rows.reduce((s, x) => s + num(x.targetQuantity), 0) : null,
    amount: rule === 2 ? round2(rows.reduce((s, x) => s + (num(x.corporatAmount) + num(x.offlineAmount) || num(x.targetAmount)), 0)) : null,
    status: p.dataStatus === undefined || p.dataStatus === null ? null : num(p.dataStatus),
    version: p.version === undefined || p.version === null ? null : num(p.version),
  };
}

/** What the server holds. */
export function summarizeRecord(kind: EntryKind, record: ServerRecord): Summary {
  const common = { version: record.version, by: record.addUserNumber, at: record.addTime, country: record.country };
  if (kind === 'weekSales') {
    const r = record as WeekSalesRecord;
    return {
      ...common,
      period: r.datePeriod,
      rule: null,
      rows: r.salesDataDetailEntities.reduce((s, d) => s + d.salesDataDetailSubs.length, 0),
      quantity: null,
      amount: r.weekAmount,
      status: r.releaseStatus,
    };
  }
  if (kind === 'salesData') {
    const r = record as SalesDataRecord;
    return {
      ...common,
      period: r.datePeriod,
      rule: r.rules,
      rows: r.salesDataDetailEntities.length,
      quantity: r.sumQuantity,
      amount: r.rules === 2 ? r.sumAmount : null,
      status: null,
    };
  }
  const r = record as SalesTargetRecord;
  return {
    ...common,
    period: `${r.year}-${pad2(r.month)}`,
    rule: r.rule,
    rows: r.salesTargetDetailEntities.length,
    quantity: r.rule === 1 ? r.totalQuantity : null,
    amount: r.rule === 2 ? r.totalAmount : null,
    status: r.dataStatus,
  };
}

const query = (params: Record<string, string | number | undefined | null>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The edit screen of a server record. */
export function recordPath(kind: EntryKind, id: number, payload: OutboxEntry['payload'], draftKey?: string): string {
  const draft = draftKey ? { [DRAFT_PARAM]: draftKey } : {};
  if (kind === 'weekSales') return `/WeekSalesData?${query({ id, operate: 'edit', readonly: 'false', ...draft })}`;
  if (kind === 'salesData') {
    const p = payload as SalesDataFormInput;
    return `/SalesDataEdit?${query({ id, operate: 'edit', readonly: 'false', rules: num(p.rules), datePeriod: p.datePeriod, country: p.country, ...draft })}`;
  }
  return `/SalesTargetEdit?${query({ id, operate: 'edit', readonly: 'false', ...draft })}`;
}

/** The form with the entry's own values: an edit opens its record, an add (or copy) the add form, both on the draft copy. */
export function entryPath(e: Pick<OutboxEntry, 'kind' | 'op' | 'payload' | 'draftKey'>): string {
  const id = Number((e.payload as { id?: unknown }).id ?? 0) || 0;
  if (e.op === 'edit' && id > 0) return recordPath(e.kind, id, e.payload, e.draftKey);
  const draft = e.draftKey ? { [DRAFT_PARAM]: e.draftKey } : {};
  if (e.kind === 'weekSales') return `/WeekSalesData?${query({ id: 0, operate: 'add', readonly: 'false', ...draft })}`;
  if (e.kind === 'salesData') {
    const p = e.payload as SalesDataFormInput;
    return `/SalesDataEdit?${query({ id: 0, operate: 'add', readonly: 'false', rules: num(p.rules), datePeriod: p.datePeriod, country: p.country, ...draft })}`;
  }
  return `/SalesTargetAdd?${query({ id: 0, operate: 'add', readonly: 'false', ...draft })}`;
}
