// The save flow of every sales form (DESIGN §6): one call of the offline save path (saveEntry), with Save disabled while
// it runs and the outcome shown the same way on every screen: synced -> "saved" and back to the list; queued -> "saved on
// this device" and back to the list; failed -> the translated refusal, stay; conflict -> the conflict dialog.
import { createElement, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/app/api/client';
import { showError, showInfo, showSuccess } from '@/app/components/feedback/feedback';
import { ConflictDialog } from '@/app/offline/conflict-dialog';
import { saveEntry, type SaveOptions } from '@/app/offline/save';
import type { EntryKind, EntryOp, PayloadByKind, SaveOutcome } from '@/app/offline/types';

export interface EntrySaveOptions {
  /** Where a saved (or queued) entry goes: the area's list. */
  listPath: string;
  /** Runs before leaving for the list (e.g. release the unsaved-changes guard). */
  onLeave?(): void;
}

export interface EntrySave {
  /** True while a save runs: the form disables Save. */
  saving: boolean;
  /** Saves through the outbox; resolves with the outcome (null when a save was already running). */
  save<K extends EntryKind>(kind: K, op: EntryOp, payload: PayloadByKind[K], opts: SaveOptions): Promise<SaveOutcome | null>;
  /** The conflict dialog: render it once in the form. */
  dialog: ReactNode;
}

/** A failed outcome as the feedback module shows it (errors.<msg>, the connection text, or generic); data: field errors. */
export const failureError = (msg: string, data?: unknown) => new ApiError(msg === 'connectionError' ? 'network' : 'refusal', msg, 0, data ?? null);

export function useEntrySave({ listPath, onLeave }: EntrySaveOptions): EntrySave {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  // A double tap must not queue the entry twice: the state update lands a render later than the second tap.
  const busy = useRef(false);

  const leave = () => {
    onLeave?.();
    void navigate(listPath);
  };

  async function save<K extends EntryKind>(kind: K, op: EntryOp, payload: PayloadByKind[K], opts: SaveOptions) {
    if (busy.current) return null;
    busy.current = true;
    setSaving(true);
    try {
      const outcome = await saveEntry(kind, op, payload, opts);
      switch (outcome.status) {
        case 'synced':
          showSuccess('crud.saved');
          leave();
          break;
        case 'queued':
          showInfo('sales.save.queued');
          leave();
          break;
        case 'failed':
          showError(failureError(outcome.msg, outcome.data));
          break;
        case 'conflict':
          setConflict(outcome.entryId);
          break;
      }
      return outcome;
    } catch (err) {
      // saveEntry resolves its outcomes; a throw is a bug or a storage failure: say so and keep the form.
      showError(err);
      return null;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const dialog = createElement(ConflictDialog, {
    entryId: conflict,
    onClose: (result) => {
      setConflict(null);
      // Overwritten or discarded: the entry is settled, the form has nothing left to do. Opened: the dialog went to
      // the server's record. Closed: the user stays with the form (the entry waits in the outbox as a conflict).
      if (result === 'overwritten' || result === 'discarded') leave();
    },
  });

  return { saving, save, dialog };
}
