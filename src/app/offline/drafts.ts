// Drafts autosaved per account in IndexedDB (DESIGN §6): every change of an offline area's form is written (debounced
// ~300 ms, and at once when the page is hidden or the form closes), so closing the tab, a crash or a reload loses
// nothing; reopening the form offers the stored draft once (<DraftNotice>). saveEntry takes the draft over: the entry
// keeps a copy (`outbox:<entryId>`, what "Open" from the outbox restores), and the form's own draft is dropped once
// the save is synced or queued; a refused save keeps it.
//
// Draft keys: `<kind>:<op>:<id or "new">` (e.g. `salesData:edit:42`, `weekSales:add:new`). A form opened with
// `?draft=<key>` (the outbox's Open) uses that key instead, and passes it to saveEntry as `draftKey`, which replaces the
// entry it came from. An edit form without a draft of its own is offered the copy of the newest unsynced edit of the
// same record, so reopening a record whose edit waits on this device shows the waiting values.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/app/session/session';
import { offlineDb } from './db';
import { entriesOf, isUnsynced, recordIdOf } from './outbox';
import type { EntryKind } from './types';

export { DraftNotice } from './draft-notice';

export interface DraftHandle<T> {
  /** A stored draft found when the form opened (offer it), or null. */
  draft: { values: T; savedAt: number } | null;
  /** Takes the offered draft (returns its values) and stops offering it. */
  restore(): T | null;
  /** Drops the stored draft. */
  discard(): void;
}

export const DRAFT_DEBOUNCE_MS = 300;
/** The query parameter that opens a form on a stored draft (the outbox's Open). */
export const DRAFT_PARAM = 'draft';

const KINDS: readonly EntryKind[] = ['weekSales', 'salesData', 'salesTarget'];
const kindOfKey = (key: string): EntryKind | undefined => KINDS.find((k) => key.startsWith(`${k}:`));

/** The draft a form opening under `key` is offered: its own, else (an edit) the copy of the newest waiting edit. */
export async function findDraft(account: string, key: string): Promise<{ key: string; values: unknown; savedAt: number } | null> {
  const db = offlineDb();
  const own = await db.drafts.get([account, key]);
  if (own) return own;
  const m = /^(weekSales|salesData|salesTarget):edit:(\d+)$/.exec(key);
  if (!m) return null;
  const waiting = (await entriesOf(db, account)).filter(
    (e) => e.kind === m[1] && e.op === 'edit' && isUnsynced(e.status) && e.draftKey && recordIdOf(e.payload as { id?: unknown }) === Number(m[2]),
  );
  const newest = waiting[waiting.length - 1];
  return newest?.draftKey ? ((await db.drafts.get([account, newest.draftKey])) ?? null) : null;
}

/** The mounted forms' autosavers by key, so a save can write the last keystrokes first and then quiet the autosave. */
const live = new Map<string, { flush(): Promise<void>; settle(): void }>();

/** Writes a pending autosave of `key` now (saveEntry calls it before it copies the draft). */
export async function flushDraft(key: string | undefined): Promise<void> {
  if (key) await live.get(key)?.flush();
}

/** The values of `key` are saved: no autosave until they change again (saveEntry calls it after a save that took). */
export function settleDraft(key: string | undefined): void {
  if (key) live.get(key)?.settle();
}

function toJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

/**
 * Autosaves `values` under `key` (debounced) while `enabled` and the values differ from what the form loaded
 * (`dirty`); offers a stored draft once on open. Keys: `<kind>:<op>:<id or "new">`. While a draft is offered nothing
 * is autosaved (the offered draft stays until the user restores or discards it).
 */
export function useDraft<T>(key: string, values: T, opts: { enabled: boolean; dirty: boolean }): DraftHandle<T> {
  const account = useSession()?.number ?? null;
  const [offer, setOffer] = useState<{ values: T; savedAt: number } | null>(null);
  // Re-renders once the lookup answered, so a form dirty from the start is autosaved without another change.
  const [, setLooked] = useState('');
  const json = useMemo(() => toJson(values), [values]);
  const st = useRef({
    /** The lookup of a stored draft has answered (autosave waits for it, so it never overwrites what it would offer). */
    looked: '',
    lastJson: null as string | null,
    timer: null as ReturnType<typeof setTimeout> | null,
    pending: null as { json: string; values: T } | null,
    offered: false,
  }).current;
  const cur = useRef({ account, key, json, values });
  cur.current = { account, key, json, values };

  const write = async () => {
    const p = st.pending;
    const { account: a, key: k } = cur.current;
    if (st.timer) clearTimeout(st.timer);
    st.timer = null;
    st.pending = null;
    if (!p || !a) return;
    st.lastJson = p.json;
    await offlineDb().drafts.put({ account: a, key: k, kind: kindOfKey(k), values: p.values, savedAt: Date.now() });
  };

  // On open (and when the key or account changes): look for a stored draft to offer, once.
  useEffect(() => {
    const id = `${account}\n${key}`;
    st.looked = '';
    st.offered = false;
    st.lastJson = null;
    setOffer(null);
    if (!opts.enabled || !account) return;
    let alive = true;
    void findDraft(account, key)
      .catch(() => null)
      .then((d) => {
        if (!alive) return;
        st.looked = id;
        setLooked(id);
        if (d && !st.offered) {
          st.offered = true;
          // A timer set before the answer must not overwrite the draft being offered.
          if (st.timer) clearTimeout(st.timer);
          st.timer = null;
          st.pending = null;
          setOffer({ values: d.values as T, savedAt: d.savedAt });
        }
      });
    return () => {
      alive = false;
    };
  }, [account, key, opts.enabled]);

  // Autosave on every change, debounced.
  useEffect(() => {
    if (!opts.enabled || !account || !opts.dirty || offer || st.looked !== `${account}\n${key}`) return;
    if (json === st.lastJson) return;
    if (st.timer) clearTimeout(st.timer);
    st.pending = { json, values };
    st.timer = setTimeout(() => void write(), DRAFT_DEBOUNCE_MS);
  });

  // A hidden page may be closed without another event: write what is pending now. Same when the form closes.
  useEffect(() => {
    const flushNow = () => {
      if (st.pending) void write();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flushNow();
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', onVisibility);
    const entry = {
      flush: async () => {
        if (st.pending) await write();
      },
      settle: () => {
        if (st.timer) clearTimeout(st.timer);
        st.timer = null;
        st.pending = null;
        st.lastJson = cur.current.json;
      },
    };
    live.set(key, entry);
    return () => {
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', onVisibility);
      if (live.get(key) === entry) live.delete(key);
      flushNow();
    };
  }, [key]);

  return {
    draft: offer,
    restore: () => {
      const v = offer?.values ?? null;
      setOffer(null);
      return v;
    },
    discard: () => {
      setOffer(null);
      if (st.timer) clearTimeout(st.timer);
      st.timer = null;
      st.pending = null;
      st.lastJson = cur.current.json;
      if (account) void offlineDb().drafts.delete([account, key]);
    },
  };
}
