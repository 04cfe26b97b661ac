// STUB (replaced by the offline module): drafts autosaved per account in IndexedDB (DESIGN §6).

export interface DraftHandle<T> {
  /** A stored draft found when the form opened (offer it), or null. */
  draft: { values: T; savedAt: number } | null;
  /** Takes the offered draft (returns its values) and stops offering it. */
  restore(): T | null;
  /** Drops the stored draft. */
  discard(): void;
}

/**
 * Autosaves `values` under `key` (debounced) while `enabled` and the values differ from what the form loaded
 * (`dirty`); offers a stored draft once on open. Keys: `<kind>:<op>:<id or "new">`.
 */
export function useDraft<T>(_key: string, _values: T, _opts: { enabled: boolean; dirty: boolean }): DraftHandle<T> {
  return { draft: null, restore: () => null, discard: () => undefined };
}
