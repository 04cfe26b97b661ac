// The offline outbox's shapes (DESIGN §6): what a screen hands to saveEntry and what the outbox keeps per account.
import type { SalesDataFormInput, WeekSalesFormInput } from '@/shared/contracts/sales-data';
import type { SalesTargetFormInput } from '@/shared/contracts/sales-target';

/** The areas that work offline. */
export interface PayloadByKind {
  weekSales: WeekSalesFormInput;
  salesData: SalesDataFormInput;
  salesTarget: SalesTargetFormInput;
}
export type EntryKind = keyof PayloadByKind;

/** add and edit go through the area's add-or-edit call; copy (targets) through copysalestarget. */
export type EntryOp = 'add' | 'edit' | 'copy';

/**
 * pending: waiting to be sent; sending: on the wire; failed: refused (validation) or given up, with the server's
 * message; conflict: an add met an existing record or an edit was stale, for the user to settle; synced: applied
 * (kept briefly so lists can show the outcome).
 */
export type EntryStatus = 'pending' | 'sending' | 'failed' | 'conflict' | 'synced';

/** Statuses of an entry the server has not applied (yet): never purged by age, exported by the outbox screen. */
export const UNSYNCED: readonly EntryStatus[] = ['pending', 'sending', 'failed', 'conflict'];

export interface OutboxEntry<K extends EntryKind = EntryKind> {
  /** A UUID made when the entry is queued; also its Idempotency-Key (until an overwrite gives it a new `key`). */
  id: string;
  /** The account number that queued it: only that account's session ever sends it. */
  account: string;
  /** Queue order (replay keeps it). */
  seq: number;
  kind: K;
  op: EntryOp;
  payload: PayloadByKind[K];
  /** What the outbox and lists show, e.g. "TW 2026-11". */
  label: string;
  status: EntryStatus;
  /** The server's message key (failed), or connectionError while retrying. */
  error?: string;
  /** The refusal's data (a 400's field errors), shown with the message. */
  errorData?: unknown;
  /** Times the write was put on the wire: above 0 it may have been applied, so replay resends with the same key. */
  attempts: number;
  /** Connection failures in a row (the backoff's exponent); Sync now and a success reset it. */
  failures?: number;
  /** Epoch ms before which the engine does not retry it (backoff). */
  nextAttemptAt: number;
  createdAt: number;
  updatedAt: number;
  /** The draft the entry came from (`outbox:<id>`, a copy of the form's draft), removed once synced or discarded. */
  draftKey?: string;
  /** The Idempotency-Key when it is not `id`: "Overwrite with mine" changes the body, so it needs a fresh key. */
  key?: string;
  /** The stored record once synced. */
  result?: { id: number; version: number };
  /** What the server holds, when the entry is a conflict. */
  conflict?: { reason: 'exists' | 'stale'; serverId: number | null; serverVersion: number | null };
}

/** The result of saveEntry as the form sees it. `data` of a failure: the server's field errors (400), if any. */
export type SaveOutcome =
  | { status: 'synced'; entryId: string; id: number; version: number }
  | { status: 'queued'; entryId: string }
  | { status: 'failed'; entryId: string; msg: string; data?: unknown }
  | { status: 'conflict'; entryId: string };
