// STUB (replaced by the offline module): the outbox as screens see it.
import type { EntryKind, OutboxEntry } from './types';

/** The signed-in account's unsynced entries of an area (lists show them as "on this device" rows). */
export function useLocalEntries<K extends EntryKind>(_kind: K): OutboxEntry<K>[] {
  return [];
}
