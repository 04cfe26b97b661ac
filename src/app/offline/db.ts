// The device's offline store (DESIGN §6): one IndexedDB database (Dexie) with the outbox, the drafts and a few state
// rows, every row keyed by the signed-in account number so a shared tablet never mixes two people's work.
// The schema is versioned: a new version is appended to SCHEMA (never edited in place) and its upgrade may reshape
// rows but never deletes outbox rows, so an app update keeps every queued entry.
import { Dexie, type DexieOptions, type Table, type Transaction } from 'dexie';
import type { EntryKind, OutboxEntry } from './types';

/** An autosaved form: the form's own values (whatever shape the form keeps), per account and key. */
export interface DraftRow {
  account: string;
  /** `<kind>:<op>:<id or "new">` for a form's draft; `outbox:<entryId>` for the copy an outbox entry keeps. */
  key: string;
  kind?: EntryKind;
  values: unknown;
  savedAt: number;
}

/** Small state rows: the queue counter, reachability, a paused account, the persistent-storage request. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * An outbox row as stored: the entry plus `editOf`, the record an edit changes (0 for adds and copies, so every row
 * has a valid key in the `[account+kind+editOf]` index): a newer edit of that record replaces it by an index lookup.
 */
export type StoredEntry = OutboxEntry & { editOf?: number };

/** The record an entry edits, for the `editOf` index: an edit's payload id; 0 for adds and copies. */
export function editOfEntry(e: Pick<OutboxEntry, 'op' | 'payload'>): number {
  const id = Number((e.payload as { id?: unknown }).id ?? 0) || 0;
  return e.op === 'edit' && id > 0 ? id : 0;
}

export type OfflineDb = Dexie & {
  outbox: Table<StoredEntry, string>;
  drafts: Table<DraftRow, [string, string]>;
  meta: Table<MetaRow, string>;
};

/** Each entry is one Dexie version; append, never rewrite (an installed app may hold any older version). */
const SCHEMA: Array<{ version: number; stores: Record<string, string>; upgrade?: (tx: Transaction) => Promise<void> }> = [
  {
    version: 1,
    stores: {
      outbox: 'id, account, [account+seq], status, [account+status]',
      drafts: '[account+key], account, savedAt',
      meta: 'key',
    },
  },
  {
    // Queue work by index instead of scans (enqueue, the engine's next entry, the purge): the account's entries of a
    // status in queue order; the edits of a record; synced rows by age. The old single indexes are dropped (indexes
    // only; rows are kept, each given its `editOf`).
    version: 2,
    stores: {
      outbox: 'id, [account+seq], [account+status+seq], [account+kind+editOf], [status+updatedAt]',
      drafts: '[account+key], account, savedAt',
      meta: 'key',
    },
    upgrade: async (tx) => {
      await tx
        .table<StoredEntry, string>('outbox')
        .toCollection()
        .modify((e) => {
          e.editOf = editOfEntry(e);
        });
    },
  },
];

export const DB_NAME = 'salesdesk-offline';

/**
 * Opens (lazily, on first use) the offline database. `name` lets tests and benchmarks keep separate databases;
 * `indexedDB`/`IDBKeyRange` let Node pass fake-indexeddb's without touching globals.
 */
export function createOfflineDb(name = DB_NAME, opts: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'> = {}): OfflineDb {
  const db = new Dexie(name, opts) as OfflineDb;
  for (const s of SCHEMA) {
    const v = db.version(s.version).stores(s.stores);
    if (s.upgrade) v.upgrade(s.upgrade);
  }
  return db;
}

let appDb: OfflineDb | null = null;

/** The app's database (one per origin, shared by its tabs). */
export function offlineDb(): OfflineDb {
  appDb ??= createOfflineDb();
  return appDb;
}
