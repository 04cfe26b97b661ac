// The draft side of a sales form (DESIGN §6): autosave under the form's key, or under the key the address names
// (`?draft=<key>`, the outbox's Open), and the stored values brought back into the form's shape. Opened from the
// outbox, the entry's values are restored at once; otherwise the notice offers them.
import { useEffect, useRef } from 'react';
import { DRAFT_PARAM, useDraft, type DraftHandle } from '@/app/offline/drafts';

export interface DraftValues<T> {
  /** The key saveEntry gets as draftKey. */
  key: string;
  handle: DraftHandle<T>;
}

/**
 * `own` is the form's key; `get` reads the query. `ready`: the record (if any) has loaded, so a restore is not
 * overwritten by it. `restore(values)` puts stored values (checked by the form) into the form.
 */
export function useDraftValues<T>(
  own: string,
  get: (name: string) => string,
  values: T,
  opts: { ready: boolean; readOnly: boolean; dirty: boolean; restore(values: unknown): void },
): DraftValues<T> {
  const fromOutbox = get(DRAFT_PARAM);
  const key = fromOutbox || own;
  const handle = useDraft<T>(key, values, { enabled: opts.ready && !opts.readOnly, dirty: opts.dirty });
  const done = useRef(false);
  const restore = useRef(opts.restore);
  restore.current = opts.restore;
  const offered = handle.draft;
  useEffect(() => {
    if (!fromOutbox || done.current || !opts.ready || !offered) return;
    done.current = true;
    const v = handle.restore();
    if (v !== null) restore.current(v);
  }, [fromOutbox, opts.ready, offered, handle]);
  return { key, handle };
}
