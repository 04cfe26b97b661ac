// STUB (replaced by the sync engine): one save path for the offline areas. The real one queues the entry in the
// outbox (IndexedDB) and lets the engine send it; this stub calls the server directly so screens can be built.
import { call } from '@/app/api/client';
import { addOrEditSalesData, addOrEditWeekSalesData } from '@/shared/contracts/sales-data';
import { addOrEditSalesTarget, copySalesTarget } from '@/shared/contracts/sales-target';
import type { EntryKind, EntryOp, PayloadByKind, SaveOutcome } from './types';

export interface SaveOptions {
  label: string;
  draftKey?: string;
}

/**
 * Saves an entry of an offline area: durably queued first, then sent at once when the server is reachable.
 * Resolves synced (the server applied it; id and version), queued (kept on this device, sent later), failed
 * (refused: msg is the message key; the entry is removed, the draft kept) or conflict (show <ConflictDialog>).
 */
export async function saveEntry<K extends EntryKind>(kind: K, op: EntryOp, payload: PayloadByKind[K], _opts: SaveOptions): Promise<SaveOutcome> {
  const entryId = crypto.randomUUID();
  const endpoint =
    kind === 'weekSales' ? addOrEditWeekSalesData : kind === 'salesData' ? addOrEditSalesData : op === 'copy' ? copySalesTarget : addOrEditSalesTarget;
  try {
    const r = (await call(endpoint as typeof addOrEditWeekSalesData, payload as never)) as { id: number; version: number };
    return { status: 'synced', entryId, id: r.id, version: r.version };
  } catch (e) {
    return { status: 'failed', entryId, msg: (e as Error).message };
  }
}
