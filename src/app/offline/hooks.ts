// The outbox as screens see it (DESIGN §6), live from IndexedDB (dexie-react-hooks), always for the signed-in account:
// list marks (useLocalEntries + <LocalBadge>), the top bar's state (useSyncStatus), the outbox screen's lists.
//
// Opening an entry's values in a form: the outbox's Open goes to the area's form with `?draft=<entry.draftKey>`
// (adds: /WeekSalesData?id=0&operate=add&readonly=false&draft=…, /SalesDataEdit?id=0&operate=add&readonly=false&
// rules=…&datePeriod=…&country=…&draft=…, /SalesTargetAdd?id=0&operate=add&readonly=false&draft=…; edits: the edit
// route of the record plus &draft=…). The form then uses that value as its useDraft key and as saveEntry's draftKey.
import { useLiveQuery } from 'dexie-react-hooks';
import { useNetwork } from '@mantine/hooks';
import { useSession } from '@/app/session/session';
import { offlineDb } from './db';
import { countsOf, entriesOf, isUnsynced, otherAccountsWaiting, type OutboxCounts } from './outbox';
import { pauseKey, REACH_KEY, tokenTag, type Reach } from './sync-engine';
import type { EntryKind, OutboxEntry } from './types';

export { LocalBadge } from './local-badge';

const NONE: never[] = [];

/** The signed-in account's unsynced entries of an area (lists show them as "on this device" rows). */
export function useLocalEntries<K extends EntryKind>(kind: K): OutboxEntry<K>[] {
  const account = useSession()?.number ?? null;
  return useLiveQuery(
    async () => (account ? ((await entriesOf(offlineDb(), account)).filter((e) => e.kind === kind && isUnsynced(e.status)) as OutboxEntry<K>[]) : NONE),
    [account, kind],
    NONE,
  );
}

/** Every entry of the signed-in account in queue order, synced ones of the last day included (undefined while loading). */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const account = useSession()?.number ?? null;
  return useLiveQuery(async () => (account ? entriesOf(offlineDb(), account) : NONE), [account]);
}

/** Waiting (pending or on the wire), failed and conflicting entries of the signed-in account. */
export function useOutboxCounts(): OutboxCounts {
  const entries = useOutboxEntries();
  return countsOf(entries ?? NONE);
}

/** Other accounts' unsynced entries on this device, counted per account (they wait for their own sign-in). */
export function useOtherAccountsWaiting(): Array<{ account: string; count: number }> {
  const account = useSession()?.number ?? null;
  return useLiveQuery(() => otherAccountsWaiting(offlineDb(), account), [account], NONE);
}

export interface SyncStatus {
  /** offline: the device says so; unreachable: online, but the last ping got no answer; online: the server answered. */
  network: 'online' | 'offline' | 'unreachable';
  /** The session was refused while sending: the queue waits for a new sign-in of this account. */
  paused: boolean;
  counts: OutboxCounts;
}

export function useSyncStatus(): SyncStatus {
  const session = useSession();
  const { online } = useNetwork();
  const counts = useOutboxCounts();
  const account = session?.number ?? null;
  const token = session?.token ?? null;
  const state = useLiveQuery(
    async () => {
      const db = offlineDb();
      const [reach, pause] = await Promise.all([db.meta.get(REACH_KEY), account ? db.meta.get(pauseKey(account)) : undefined]);
      return {
        reach: (reach?.value as { reach?: Reach } | undefined)?.reach ?? null,
        paused: !!token && (pause?.value as { tag?: string } | undefined)?.tag === tokenTag(token),
      };
    },
    [account, token],
    { reach: null as Reach | null, paused: false },
  );
  const network = !online ? 'offline' : state.reach === 'unreachable' ? 'unreachable' : 'online';
  return { network, paused: state.paused, counts };
}
