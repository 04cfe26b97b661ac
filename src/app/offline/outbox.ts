// The outbox's data operations (DESIGN §6), shared by the save path, the sync engine and the outbox screen: queue an
// entry (in order, per account), the backoff schedule, retry, discard, overwrite, purge of old synced entries.
// Pure Dexie: no DOM, no session; the caller says which account acts.
import { editOfEntry, type OfflineDb, type StoredEntry } from './db';
import { UNSYNCED, type EntryKind, type EntryOp, type EntryStatus, type OutboxEntry, type PayloadByKind } from './types';

/** The key of the draft copy an entry keeps (the form's values when it was saved), for "Open" from the outbox. */
export const entryDraftKey = (entryId: string) => `outbox:${entryId}`;
const entryIdOfDraftKey = (key: string) => key.slice('outbox:'.length);

/** How long a synced entry stays (lists mark it, the outbox shows it); unsynced entries are never purged by age. */
export const SYNCED_KEEP_MS = 24 * 60 * 60 * 1000;

/** Backoff after `failures` connection failures in a row: 1 s, 2 s, 4 s, … capped at 5 minutes. */
export const BACKOFF_CAP_MS = 5 * 60 * 1000;
export function backoffDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - 1, 30), BACKOFF_CAP_MS);
}

export const isUnsynced = (s: EntryStatus) => UNSYNCED.includes(s);

/** The server id a payload edits (0 for an add). */
export const recordIdOf = (payload: { id?: unknown }): number => Number(payload.id ?? 0) || 0;

/** The Idempotency-Key an entry is sent with. */
export const idempotencyKeyOf = (e: Pick<OutboxEntry, 'id' | 'key'>) => e.key ?? e.id;

export interface EnqueueInput<K extends EntryKind> {
  account: string;
  kind: K;
  op: EntryOp;
  payload: PayloadByKind[K];
  label: string;
  /** Defaults to a new UUID (the Idempotency-Key). */
  id?: string;
  /** The form's values to keep as the entry's draft copy. */
  draftValues?: unknown;
  /** The form was opened from an entry's draft copy (`outbox:<id>`): that entry, if not yet sent, is replaced. */
  fromDraftKey?: string;
  now?: number;
}

/** Statuses an entry may be replaced from by a newer save of the same work (never one on the wire, never a synced one). */
const REPLACEABLE: readonly EntryStatus[] = ['pending', 'failed', 'conflict'];

/**
 * Queues an entry durably, behind every entry queued before it. A newer save of the same work replaces the older
 * unsent one (same record edited again, or the form opened from that entry's draft), so the queue never sends two
 * versions of one edit; an entry on the wire is never touched. One transaction; the entries it replaces are found by
 * index (draft copy, edited record), so its cost does not grow with the queue.
 */
export async function enqueueEntry<K extends EntryKind>(db: OfflineDb, input: EnqueueInput<K>): Promise<OutboxEntry<K>> {
  const now = input.now ?? Date.now();
  const id = input.id ?? crypto.randomUUID();
  return db.transaction('rw', db.outbox, db.drafts, db.meta, async () => {
    const seqRow = await db.meta.get('seq');
    const seq = Number(seqRow?.value ?? 0) + 1;
    await db.meta.put({ key: 'seq', value: seq });
    const editOf = editOfEntry(input);
    const [fromDraft, sameRecord] = await Promise.all([
      // A draft copy's key names its entry (entryDraftKey), so the entry is read by its id.
      input.fromDraftKey ? db.outbox.get(entryIdOfDraftKey(input.fromDraftKey)) : undefined,
      editOf > 0 ? db.outbox.where('[account+kind+editOf]').equals([input.account, input.kind, editOf]).toArray() : [],
    ]);
    const replaced = new Map<string, StoredEntry>();
    if (fromDraft?.account === input.account && fromDraft.draftKey === input.fromDraftKey && REPLACEABLE.includes(fromDraft.status)) replaced.set(fromDraft.id, fromDraft);
    for (const e of sameRecord) if (REPLACEABLE.includes(e.status)) replaced.set(e.id, e);
    for (const e of replaced.values()) {
      await db.outbox.delete(e.id);
      if (e.draftKey) await db.drafts.delete([input.account, e.draftKey]);
    }
    const entry: OutboxEntry<K> & { editOf: number } = {
      id,
      account: input.account,
      seq,
      kind: input.kind,
      op: input.op,
      payload: input.payload,
      label: input.label,
      status: 'pending',
      attempts: 0,
      failures: 0,
      nextAttemptAt: 0,
      createdAt: now,
      updatedAt: now,
      editOf,
    };
    if (input.draftValues !== undefined) {
      entry.draftKey = entryDraftKey(id);
      await db.drafts.put({ account: input.account, key: entry.draftKey, kind: input.kind, values: input.draftValues, savedAt: now });
    }
    await db.outbox.add(entry as OutboxEntry);
    return entry;
  });
}

/** The account's entries in queue order. */
export function entriesOf(db: OfflineDb, account: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[account+seq]').between([account, -Infinity], [account, Infinity]).toArray();
}

export interface OutboxCounts {
  pending: number;
  failed: number;
  conflict: number;
}

export function countsOf(entries: readonly OutboxEntry[]): OutboxCounts {
  const c = { pending: 0, failed: 0, conflict: 0 };
  for (const e of entries) {
    if (e.status === 'pending' || e.status === 'sending') c.pending++;
    else if (e.status === 'failed') c.failed++;
    else if (e.status === 'conflict') c.conflict++;
  }
  return c;
}

/** Unsynced entries of accounts other than `account`, counted per account (they wait for their own sign-in). */
export async function otherAccountsWaiting(db: OfflineDb, account: string | null): Promise<Array<{ account: string; count: number }>> {
  const counts = new Map<string, number>();
  await db.outbox.each((e) => {
    if (e.account !== account && isUnsynced(e.status)) counts.set(e.account, (counts.get(e.account) ?? 0) + 1);
  });
  return [...counts].map(([a, count]) => ({ account: a, count })).sort((x, y) => x.account.localeCompare(y.account));
}

/** Sends a failed entry again (the user fixed what was wrong elsewhere, or the server's refusal may have passed). */
export async function retryEntry(db: OfflineDb, id: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const e = await db.outbox.get(id);
    if (!e || (e.status !== 'failed' && e.status !== 'pending')) return false;
    await db.outbox.update(id, { status: 'pending', error: undefined, errorData: undefined, failures: 0, nextAttemptAt: 0, updatedAt: now });
    return true;
  });
}

/** The account's entries of one status, in queue order (an index range: no other row is read). */
export function entriesWith(db: OfflineDb, account: string, status: EntryStatus) {
  return db.outbox.where('[account+status+seq]').between([account, status, -Infinity], [account, status, Infinity]);
}

/** "Sync now": every waiting entry of the account may go at once, and the backoff starts again at 1 s. */
export async function resetBackoff(db: OfflineDb, account: string): Promise<void> {
  await entriesWith(db, account, 'pending').modify((e) => {
    e.nextAttemptAt = 0;
    e.failures = 0;
  });
}

/** Deletes an entry and its draft copy (the user's word: Discard). An entry on the wire cannot be discarded. */
export async function discardEntry(db: OfflineDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.drafts, async () => {
    const e = await db.outbox.get(id);
    if (!e || e.status === 'sending') return false;
    await db.outbox.delete(id);
    if (e.draftKey) await db.drafts.delete([e.account, e.draftKey]);
    return true;
  });
}

/**
 * "Overwrite with mine": a conflict becomes an edit of the server's record at the version the server holds now, with
 * a fresh Idempotency-Key (the body differs from what the old key was sent with).
 */
export async function overwriteEntry(db: OfflineDb, id: string, serverId: number, serverVersion: number, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const e = await db.outbox.get(id);
    if (!e || e.status !== 'conflict') return false;
    const payload = { ...e.payload, id: serverId, version: serverVersion } as OutboxEntry['payload'];
    await db.outbox.put({
      ...e,
      op: 'edit',
      payload,
      // Now an edit of that record: a later edit of it replaces this entry (enqueueEntry).
      editOf: editOfEntry({ op: 'edit', payload }),
      status: 'pending',
      error: undefined,
      errorData: undefined,
      conflict: undefined,
      attempts: 0,
      failures: 0,
      nextAttemptAt: 0,
      key: crypto.randomUUID(),
      updatedAt: now,
    });
    return true;
  });
}

/** Drops synced entries older than a day; never an unsynced one. By index: the recent synced rows are not read. */
export async function purgeSynced(db: OfflineDb, now = Date.now()): Promise<number> {
  return db.outbox
    .where('[status+updatedAt]')
    .between(['synced', -Infinity], ['synced', now - SYNCED_KEEP_MS])
    .delete();
}
