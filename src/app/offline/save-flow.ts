// The save path's steps with their surroundings injected (DESIGN §6), so they run the same in the app (save.ts wires
// the app's database, session and engine) and in Node tests: queue the entry durably with a copy of the form's draft,
// nudge the engine and wait a little for the server, then settle the draft by the outcome.
import type { OfflineDb } from './db';
import { enqueueEntry } from './outbox';
import type { PassResult } from './sync-engine';
import type { EntryKind, EntryOp, PayloadByKind, SaveOutcome } from './types';

export interface SaveFlowDeps {
  db: OfflineDb;
  account: string;
  /** Runs a pass of the engine (resolves when it ends). */
  kick(): Promise<PassResult>;
  /** False when the device says it is offline: then the save does not wait. */
  online: boolean;
  waitMs: number;
  /** Writes the form's pending autosave of the key now / quiets it after a save that took. */
  flushDraft?(key: string | undefined): Promise<void>;
  settleDraft?(key: string | undefined): void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function saveFlow<K extends EntryKind>(
  deps: SaveFlowDeps,
  kind: K,
  op: EntryOp,
  payload: PayloadByKind[K],
  opts: { label: string; draftKey?: string },
): Promise<SaveOutcome> {
  const { db, account } = deps;
  const key = opts.draftKey;

  // The last keystrokes first, then the entry takes a copy of the form's draft.
  await deps.flushDraft?.(key);
  const formDraft = key ? await db.drafts.get([account, key]) : undefined;
  const entry = await enqueueEntry(db, {
    account,
    kind,
    op,
    payload,
    label: opts.label,
    draftValues: formDraft?.values,
    fromDraftKey: key?.startsWith('outbox:') ? key : undefined,
  });

  const pass = deps.kick().catch(() => null);
  if (deps.online) await Promise.race([pass, sleep(deps.waitMs)]);

  const e = await db.outbox.get(entry.id);
  if (e?.status === 'failed') {
    // The user is watching: the form shows the refusal, the draft stays for the fix, the entry goes.
    await db.transaction('rw', db.outbox, db.drafts, async () => {
      await db.outbox.delete(e.id);
      if (e.draftKey) await db.drafts.delete([account, e.draftKey]);
      if (key && formDraft && !(await db.drafts.get([account, key]))) await db.drafts.put({ ...formDraft, savedAt: Date.now() });
    });
    return { status: 'failed', entryId: entry.id, msg: e.error ?? 'serverError', ...(e.errorData !== undefined ? { data: e.errorData } : {}) };
  }

  // Synced, queued or a conflict: the values live in the entry (or on the server) now. The form's own draft goes,
  // unless the form changed it meanwhile.
  if (key && !key.startsWith('outbox:') && formDraft) {
    await db.transaction('rw', db.drafts, async () => {
      const d = await db.drafts.get([account, key]);
      if (d && d.savedAt === formDraft.savedAt) await db.drafts.delete([account, key]);
    });
  }
  deps.settleDraft?.(key);
  if (e?.status === 'synced' && e.result) return { status: 'synced', entryId: entry.id, id: e.result.id, version: e.result.version };
  if (e?.status === 'conflict') return { status: 'conflict', entryId: entry.id };
  return { status: 'queued', entryId: entry.id };
}
