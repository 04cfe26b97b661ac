// In-process caches of what every request reads and writes seldom change: sessions, grants, companies, lookup
// names and list counts. Every entry belongs to a topic ('sessions', 'grants', 'companies', or a table name); a write
// invalidates its topics here, synchronously, before its reply is sent (the onSend hook of modules/index.ts), and on
// PostgreSQL every other instance drops them too through pg_notify / LISTEN on a dedicated connection. While that
// connection is down nothing is kept (every read goes to the database), a reconnect clears everything, and a TTL
// bounds staleness should a notification ever be missed. The server still keeps no state that matters (DESIGN §1).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Auth topics; every other topic is a table name (list counts and lookup maps of that table). */
export type Topic = 'sessions' | 'grants' | 'companies' | (string & {});

/** How long an entry may live without any write: the safety net, not the mechanism. */
const TTL_MS = 60_000;
/** Entries per topic (list pages and counts are keyed by user filters: bounded; a product page is ~10 KB). */
const MAX_ENTRIES = 1_000;
const CHANNEL = 'salesdesk_cache';

interface Entry {
  promise: Promise<unknown>;
  expires: number;
}

interface TopicState {
  /** Bumped by every invalidation: a load that started before it must not store its (older) result. */
  generation: number;
  entries: Map<string, Entry>;
}

export class Cache {
  readonly origin = randomUUID();
  private readonly topics = new Map<string, TopicState>();
  /** Table → the composite topics (of entries that read several tables) that its writes also invalidate. */
  private readonly links = new Map<Topic, Set<Topic>>();
  /** False while a PostgreSQL listener is down: then no instance could tell us about its writes. */
  enabled = true;
  /** Sends invalidations to the other instances (PostgreSQL only). */
  broadcast: ((topics: Topic[]) => Promise<void>) | null = null;

  private state(topic: Topic): TopicState {
    let s = this.topics.get(topic);
    if (!s) this.topics.set(topic, (s = { generation: 0, entries: new Map() }));
    return s;
  }

  /** The topic of an entry that depends on several: a composite that each of them invalidates. */
  private topicOf(topics: Topic | readonly Topic[]): Topic {
    if (typeof topics === 'string') return topics;
    if (topics.length === 1) return topics[0];
    const composite = [...topics].sort().join('+');
    for (const t of topics) {
      let set = this.links.get(t);
      if (!set) this.links.set(t, (set = new Set()));
      set.add(composite);
    }
    return composite;
  }

  /**
   * The value of key under topic: cached, or loaded once however many requests ask at the same time (they share
   * the in-flight promise). A load that fails is not kept; a load overtaken by an invalidation is returned to its
   * callers but not kept.
   */
  get<T>(topics: Topic | readonly Topic[], key: string, load: () => PromiseLike<T>, ttlMs = TTL_MS): Promise<T> {
    // Promise.resolve: a drizzle query is a thenable that would run again on every then().
    if (!this.enabled) return Promise.resolve(load());
    const s = this.state(this.topicOf(topics));
    const now = Date.now();
    const hit = s.entries.get(key);
    if (hit && hit.expires > now) return hit.promise as Promise<T>;
    const generation = s.generation;
    const promise = Promise.resolve(load());
    const entry: Entry = { promise, expires: now + ttlMs };
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
    s.entries.set(key, entry);
    promise.then(
      () => {
        if (s.generation !== generation && s.entries.get(key) === entry) s.entries.delete(key);
      },
      () => {
        if (s.entries.get(key) === entry) s.entries.delete(key);
      },
    );
    return promise;
  }

  /** Forgets one entry (e.g. a session found expired). */
  forget(topic: Topic, key: string) {
    this.topics.get(topic)?.entries.delete(key);
  }

  private drop(topic: Topic) {
    const s = this.state(topic);
    s.generation++;
    s.entries.clear();
  }

  /** Drops the topics here only. */
  invalidateLocal(topics: readonly Topic[]) {
    for (const t of topics) {
      this.drop(t);
      for (const composite of this.links.get(t) ?? []) this.drop(composite);
    }
  }

  /** Drops the topics here, then tells the other instances. Local dropping is synchronous. */
  invalidate(topics: readonly Topic[]): Promise<void> {
    if (!topics.length) return Promise.resolve();
    this.invalidateLocal(topics);
    return this.broadcast ? this.broadcast([...topics]) : Promise.resolve();
  }

  clear() {
    this.invalidateLocal([...this.topics.keys()]);
  }
}

const caches = new WeakMap<object, Cache>();

/**
 * The cache of a database handle (one per database, so two servers in one process never mix their data).
 * A transaction handle has none: reads inside a transaction always go to the database.
 */
export function cacheOf(db: Db): Cache | undefined {
  return caches.get(db);
}

/** A cached read, or a plain load when db has no cache (a transaction, a script). */
export function cached<T>(db: Db, topics: Topic | readonly Topic[], key: string, load: () => PromiseLike<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(topics, key, load) : Promise.resolve(load());
}

/** For writes outside requests (scripts, scheduled tasks): drop these topics here and on every instance. */
export function invalidate(db: Db, ...topics: Topic[]): Promise<void> {
  return caches.get(db)?.invalidate(topics) ?? Promise.resolve();
}

/** Arrays served from the cache to many requests: never changed, so their JSON is made once (serializeReply). */
const sharedLists = new WeakMap<object, string | null>();
const MARK = '\u0001shared-list\u0001';
const MARK_JSON = JSON.stringify(MARK);

/** Marks a cached list (its callers must not change it) so that replies carrying it reuse its JSON. */
export function shareList<T extends object>(items: T): T {
  if (!sharedLists.has(items)) sharedLists.set(items, null);
  return items;
}

/**
 * The reply serializer: JSON.stringify, except that a paged list read from the cache ({data: {items}}) is spliced
 * in from its JSON made once: turning 50 rows into text was a third of a cached page's cost.
 */
export function serializeReply(payload: unknown): string {
  const data = (payload as { data?: unknown } | null)?.data as { items?: object } | null | undefined;
  const items = data && typeof data === 'object' ? data.items : undefined;
  if (!items || !sharedLists.has(items)) return JSON.stringify(payload);
  let json = sharedLists.get(items);
  if (json == null) sharedLists.set(items, (json = JSON.stringify(items)));
  const envelope = JSON.stringify({ ...(payload as object), data: { ...data, items: MARK } });
  const at = envelope.indexOf(MARK_JSON);
  return envelope.slice(0, at) + json + envelope.slice(at + MARK_JSON.length);
}

/**
 * Creates the cache of app.db. On PostgreSQL it listens on a dedicated connection (not one of the pool's) for
 * other instances' invalidations, and reconnects with a growing delay when that connection is lost.
 */
export function registerCache(app: FastifyInstance, databaseUrl: string | undefined) {
  const db = app.db;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Cache()));
  const c = cache;
  app.setReplySerializer(serializeReply);
  if (!databaseUrl) return;

  c.enabled = false;
  c.broadcast = async (topics) => {
    try {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ origin: c.origin, topics })})`);
    } catch (err) {
      app.log.warn({ code: (err as { code?: string }).code }, 'cache invalidation not broadcast');
    }
  };
  let listener: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;

  const lost = () => {
    c.enabled = false;
    c.clear();
    // A late 'error' from the dropped client must not go unhandled.
    listener?.removeAllListeners().on('error', () => undefined);
    listener?.end().catch(() => undefined);
    listener = null;
    if (closing) return;
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 10_000);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    listener = client;
    client.on('error', lost);
    client.on('end', () => {
      if (listener === client) lost();
    });
    client.on('notification', (n) => {
      try {
        const msg = JSON.parse(n.payload ?? '{}') as { origin?: string; topics?: Topic[] };
        if (msg.origin !== c.origin && Array.isArray(msg.topics)) c.invalidateLocal(msg.topics);
      } catch {
        c.clear();
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (closing || listener !== client) return void client.end().catch(() => undefined);
      // Whatever was written while we were not listening is unknown: start empty.
      c.clear();
      c.enabled = true;
      delay = 250;
    } catch {
      if (listener === client) lost();
    }
  };
  void connect();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    c.enabled = false;
    c.broadcast = null;
    const l = listener;
    listener = null;
    await l?.end().catch(() => undefined);
  });
}
