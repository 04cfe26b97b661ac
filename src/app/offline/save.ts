// The one save path of the offline areas (DESIGN §6): online or not, a save first queues the entry durably in the
// outbox (its id is the Idempotency-Key), then nudges the sync engine. When the server answers within a few seconds
// the form hears the outcome (synced, refused, conflict); otherwise the entry is queued and goes when it can.
import { getSession } from '@/app/session/session';
import { appEngine } from './app-sync';
import { offlineDb } from './db';
import { flushDraft, settleDraft } from './drafts';
import { saveFlow } from './save-flow';
import type { EntryKind, EntryOp, PayloadByKind, SaveOutcome } from './types';

export interface SaveOptions {
  label: string;
  /** The form's draft key (useDraft): the entry keeps a copy; the form's draft goes once the save is synced or queued. */
  draftKey?: string;
}

/** How long a save waits for the server before it reports "queued". */
export const SAVE_WAIT_MS = 8_000;

/**
 * Saves an entry of an offline area: durably queued first, then sent at once when the server is reachable.
 * Resolves synced (the server applied it; id and version), queued (kept on this device, sent later), failed
 * (refused: msg is the message key, data the field errors; the entry is removed, the draft kept) or conflict (show
 * <ConflictDialog entryId>).
 */
export async function saveEntry<K extends EntryKind>(kind: K, op: EntryOp, payload: PayloadByKind[K], opts: SaveOptions): Promise<SaveOutcome> {
  const account = getSession()?.number;
  if (!account) return { status: 'failed', entryId: '', msg: 'tokenInvalid' };
  const engine = appEngine();
  return saveFlow(
    {
      db: offlineDb(),
      account,
      kick: () => engine.kick(),
      online: typeof navigator === 'undefined' || navigator.onLine !== false,
      waitMs: SAVE_WAIT_MS,
      flushDraft,
      settleDraft,
    },
    kind,
    op,
    payload,
    opts,
  );
}
