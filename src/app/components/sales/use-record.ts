// Loads the record a sales form edits or shows (once per id; Retry loads again) and reports why it has none: a
// refusal, no network, or an edit/query address without a usable id.
import { useEffect, useRef, useState } from 'react';
import type { RecordFailure } from '@/app/components/crud/record-state';

export function useRecord<R>(id: number, needed: boolean, load: (id: number) => Promise<R>, onLoaded: (record: R) => void) {
  const [loading, setLoading] = useState(needed && id > 0);
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fns = useRef({ load, onLoaded });
  fns.current = { load, onLoaded };

  useEffect(() => {
    if (!needed || id <= 0) return;
    let live = true;
    setLoading(true);
    setFailure(null);
    fns.current
      .load(id)
      .then((r) => live && fns.current.onLoaded(r))
      .catch((error: unknown) => live && setFailure({ kind: 'error', error }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, needed, attempt]);

  // An edit or query must name a record; without one it would add a new record instead.
  const badKey = needed && id <= 0;
  return { loading, failure: badKey ? ({ kind: 'badKey' } as RecordFailure) : failure, retry: () => setAttempt((n) => n + 1) };
}
