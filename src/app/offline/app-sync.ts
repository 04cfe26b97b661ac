// The app's one sync engine (DESIGN §6), wired to the browser: the API client as transport (it sends only with the
// token of the entry's account), the stored session as account and token, the Web Lock, and react-query refreshes
// after entries sync. The top bar's status component starts it while someone is signed in (startAppSync) and it stops
// on sign-out; after sign-in the app asks once per device and account for persistent storage.
import { ApiError, call } from '@/app/api/client';
import { queryClient } from '@/app/api/query-client';
import { getSession, getToken, onSessionChange } from '@/app/session/session';
import { offlineDb } from './db';
import { countsOf, entriesOf, type OutboxCounts } from './outbox';
import type { saveEntry } from './save';
import { createSyncEngine, type PassResult, type SyncEngine } from './sync-engine';
import type { Transport } from './transport';

/** The API client as the engine's transport: never global routing (the engine pauses instead), the entry's key as header. */
export const callTransport: Transport = async (endpoint, input, { token, idempotencyKey, timeoutMs }) => {
  // The client sends the stored session's token. Checked in the same tick as the call reads it: an entry never goes
  // with another account's session, even when someone else signed in meanwhile (another tab).
  if (token !== null && getToken() !== token) return { ok: false, network: false, status: 0, msg: 'sessionChanged', data: null };
  try {
    const data = await call(endpoint, input as never, {
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      noGlobalRouting: true,
      signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    });
    return { ok: true, data };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.kind === 'network') return { ok: false, network: true, status: err.status };
      return { ok: false, network: false, status: err.status, msg: err.msg, data: err.data };
    }
    return { ok: false, network: true };
  }
};

let engine: SyncEngine | null = null;

/** The Background Sync tag the service worker answers with a 'sync' message. */
export const BACKGROUND_SYNC_TAG = 'salesdesk-sync';

async function registerBackgroundSync() {
  try {
    const reg = (await navigator.serviceWorker?.getRegistration()) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No service worker or no Background Sync (Firefox, Safari): the online event and the timer do the job.
  }
}

/** The app's engine (created on first use; started by startAppSync). */
export function appEngine(): SyncEngine {
  engine ??= createSyncEngine({
    db: offlineDb(),
    account: () => {
      const s = getSession();
      return s && !s.mustChangePassword ? s.number : null;
    },
    token: getToken,
    transport: callTransport,
    onEvent: (e) => {
      if (e.type !== 'pass') return;
      // Lists and forms read the server again once something of theirs has been applied.
      if (e.result.synced > 0) void queryClient.invalidateQueries();
      // Entries left waiting for the network: where the browser has Background Sync, the service worker is woken when
      // the connection returns and posts { type: 'sync' } to the page, which runs a pass.
      if (e.result.pending > 0 && (e.result.state === 'offline' || e.result.state === 'unreachable')) void registerBackgroundSync();
    },
  });
  return engine;
}

/** Asks the browser to keep this origin's storage (queued entries) under storage pressure: once per device and account. */
async function askPersistence(account: string) {
  const db = offlineDb();
  const key = `persist:${account}`;
  if (await db.meta.get(key)) return;
  const persisted = (await navigator.storage?.persist?.().catch(() => null)) ?? null;
  await db.meta.put({ key, value: { persisted, at: Date.now() } });
}

/** What the browser tests reach through `globalThis.salesdeskOffline` (see exposeTestHook). */
export interface OfflineTestHook {
  saveEntry: typeof saveEntry;
  /** The signed-in account's waiting, failed and conflicting entries (null when nobody is signed in). */
  counts(): Promise<OutboxCounts | null>;
  /** The outbox screen's "Sync now". */
  syncNow(): Promise<PassResult>;
}

/**
 * The real save path and the outbox counts for page.evaluate in the browser chaos test (tests/e2e/offline-chaos.spec.ts),
 * which queues hundreds of saves between reloads. It does nothing a form cannot: it acts only as the signed-in user,
 * with their own session. save.ts is loaded on first use, so the top bar's bundle does not carry the forms' save path.
 */
function exposeTestHook() {
  const g = globalThis as { salesdeskOffline?: OfflineTestHook };
  g.salesdeskOffline ??= {
    saveEntry: async (kind, op, payload, opts) => (await import('./save')).saveEntry(kind, op, payload, opts),
    counts: async () => {
      const account = getSession()?.number;
      return account ? countsOf(await entriesOf(offlineDb(), account)) : null;
    },
    syncNow: () => appEngine().syncNow(),
  };
}

let users = 0;
let offSession: (() => void) | null = null;

/** Runs the engine while a session is stored (sign-in starts it, sign-out stops it). Returns the release function. */
export function startAppSync(): () => void {
  const e = appEngine();
  users++;
  if (users === 1) {
    const apply = () => {
      const s = getSession();
      if (s?.token && !s.mustChangePassword) {
        if (e.started) void e.kick();
        else e.start();
        exposeTestHook();
        void askPersistence(s.number).catch(() => undefined);
      } else e.stop();
    };
    apply();
    offSession = onSessionChange(apply);
  }
  return () => {
    users--;
    if (users > 0) return;
    offSession?.();
    offSession = null;
    e.stop();
  };
}
