// The session kept on the client (spec part 1 §3): token, number, name, language, sideMenuList, companyNumber.
// Being signed in means a token exists. Stored in localStorage so a tablet reopens signed in, even offline.
import { useSyncExternalStore } from 'react';
import type { CurrentMenu, MenuNode } from '@/shared/contracts/menu';
import { isSuperUser, type Language } from '@/shared/domain/constants';

export interface Session {
  token: string;
  id: number;
  number: string;
  name: string;
  language: Language;
  companyNumber: string | null;
  sideMenuList: MenuNode[];
  /** Codes of the granted button permissions (btn:Product.add, ...). */
  buttons: string[];
  companyName?: string | null;
  departmentName?: string | null;
  /** Signed in with the initial password: nothing but the password change is open until it is changed. */
  mustChangePassword?: boolean;
  /** Menu entries of routes looked up with getmenusbyuser (lower-case path -> entry), so they also open offline. */
  routes?: Record<string, CurrentMenu>;
}

const KEY = 'salesdesk.session';
const LANG_KEY = 'salesdesk.language';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

/** A stored value from an older version or edited by hand: keep it only if it has a token, fill the lists. */
function normalize(v: unknown): Session | null {
  if (!v || typeof v !== 'object') return null;
  const s = v as Partial<Session>;
  if (typeof s.token !== 'string' || !s.token) return null;
  return {
    ...s,
    token: s.token,
    id: Number(s.id ?? 0),
    number: String(s.number ?? ''),
    name: String(s.name ?? ''),
    language: s.language === 'zh-tw' ? 'zh-tw' : 'en',
    companyNumber: s.companyNumber ?? null,
    sideMenuList: Array.isArray(s.sideMenuList) ? s.sideMenuList : [],
    buttons: Array.isArray(s.buttons) ? s.buttons : [],
  };
}

function read(): Session | null {
  if (cached !== undefined) return cached;
  try {
    cached = normalize(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
  } catch {
    cached = null;
  }
  return cached;
}

export const getSession = (): Session | null => read();
export const getToken = (): string | null => read()?.token ?? null;

const ENDED_KEY = 'salesdesk.sessionEnded';

/** Notes (for this tab's login screen) that the session ended under the user, not by their own sign-out. */
export const markSessionEnded = () => sessionStorage.setItem(ENDED_KEY, '1');
/** Did the session end under the user since the last sign-in? */
export const sessionEndedNoted = (): boolean => sessionStorage.getItem(ENDED_KEY) === '1';

export function setSession(s: Session | null) {
  if (s) sessionStorage.removeItem(ENDED_KEY);
  cached = s;
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function updateSession(patch: Partial<Session>) {
  const cur = read();
  if (cur) setSession({ ...cur, ...patch });
}

export const clearSession = () => setSession(null);

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      // Signed out in another tab: this tab's login screen says the session ended; signed in there: nothing to say.
      if (e.newValue === null && e.oldValue) markSessionEnded();
      else if (e.newValue) sessionStorage.removeItem(ENDED_KEY);
      cached = undefined;
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** Runs `l` whenever the session changes (here or in another tab); returns the unsubscribe function. */
export const onSessionChange = (l: () => void) => subscribe(l);

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Does the signed-in user hold a button permission? admin holds all. */
export function hasButton(code: string): boolean {
  const s = read();
  return !!s && (isSuperUser(s.number) || s.buttons.includes(code));
}

/** The interface language: stored choice, else the session's, else the browser's (Traditional Chinese or English). */
export function storedLanguage(): Language {
  const v = localStorage.getItem(LANG_KEY);
  return v === 'zh-tw' ? 'zh-tw' : v === 'en' ? 'en' : (read()?.language ?? browserLanguage());
}

/** A first visit (nothing stored yet) opens in Chinese (Traditional, the one offered) when the browser prefers Chinese. */
function browserLanguage(): Language {
  const prefs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const p of prefs) {
    if (/^zh\b/i.test(p)) return 'zh-tw';
    if (/^en\b/i.test(p)) return 'en';
  }
  return 'en';
}
export const storeLanguage = (lang: Language) => localStorage.setItem(LANG_KEY, lang);
