// The last figures each report loaded on this device (the issue: reports are online screens; offline they say so and
// show the last loaded figures marked with their time). One localStorage entry per account, report and filter, so a
// shared tablet never shows one user's figures to another; the oldest entries go first when there are too many or the
// storage is full. A reply is kept as the server sent it, so it is drawn in whatever language the screen has later.
const PREFIX = 'salesdesk.report.';
/** Entries kept per account (each report with a few filters). */
export const REPORT_CACHE_MAX = 10;

export interface CachedReport<T> {
  savedAt: number;
  data: T;
}

// Stored as "<savedAt>|<reply JSON>": the age of an entry is read without parsing its figures.
const keyOf = (account: string, report: string, filter: unknown) => `${PREFIX}${account}|${report}|${JSON.stringify(filter)}`;
const savedAtOf = (raw: string | null) => Number(raw?.slice(0, raw.indexOf('|'))) || 0;

/** This account's entries, oldest first. */
function entriesOf(account: string): Array<{ key: string; savedAt: number }> {
  const out: Array<{ key: string; savedAt: number }> = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(`${PREFIX}${account}|`)) out.push({ key, savedAt: savedAtOf(localStorage.getItem(key)) });
  }
  return out.sort((a, b) => a.savedAt - b.savedAt);
}

/** The figures last loaded for this report and filter by this account, or null. */
export function readReportCache<T>(account: string, report: string, filter: unknown): CachedReport<T> | null {
  try {
    const raw = localStorage.getItem(keyOf(account, report, filter));
    const savedAt = savedAtOf(raw);
    if (!raw || !savedAt) return null;
    return { savedAt, data: JSON.parse(raw.slice(raw.indexOf('|') + 1)) as T };
  } catch {
    return null;
  }
}

/** Keeps a successful reply; never throws (a full storage only means nothing is kept). */
export function writeReportCache(account: string, report: string, filter: unknown, data: unknown, savedAt = Date.now()) {
  try {
    const key = keyOf(account, report, filter);
    const value = `${savedAt}|${JSON.stringify(data)}`;
    const others = entriesOf(account).filter((e) => e.key !== key);
    for (const e of others.splice(0, Math.max(0, others.length - (REPORT_CACHE_MAX - 1)))) localStorage.removeItem(e.key);
    for (;;) {
      try {
        localStorage.setItem(key, value);
        return;
      } catch {
        // Full: drop this account's oldest entry (another account's figures are theirs to keep) and try again.
        const oldest = others.shift();
        if (!oldest) return;
        localStorage.removeItem(oldest.key);
      }
    }
  } catch {
    // No storage at all (private mode): nothing is kept.
  }
}
