// STUB (replaced by the offline module): settles a conflict entry: open the server's record, overwrite, discard.

export function ConflictDialog(_props: { entryId: string | null; onClose(result: 'overwritten' | 'discarded' | 'opened' | 'closed'): void }) {
  return null;
}
