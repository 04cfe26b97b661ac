// i18next set up once; the language follows the stored choice (spec part 3 §9). Only the active language's texts are
// downloaded (locale-en.ts or locale-zh-tw.ts, one chunk each): the other loads when the user switches to it.
// Changing the language stores it and reloads the page; dayjs and <html lang> follow it.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Language } from '@/shared/domain/constants';
import { storedLanguage, storeLanguage } from '../session/session';
import { folderOf, mergeLocaleFiles, type LocaleFolder } from './locale-tree';

export const i18n = i18next.createInstance();

/** Language names are shown in their own language, whatever the current one is. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-tw': '繁體中文' };

const locales: Record<LocaleFolder, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locale-en'),
  'zh-TW': () => import('./locale-zh-tw'),
};

/** An i18next backend over the locale chunks: changeLanguage loads the language's texts before it switches. */
const localeChunks: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng, _ns, done) {
    const load = locales[lng as LocaleFolder];
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, mergeLocaleFiles(m.default)[lng as LocaleFolder]),
      (err: Error) => done(err, false),
    );
  },
};

function follow(lang: Language) {
  dayjs.locale(lang === 'zh-tw' ? 'zh-tw' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = folderOf(lang);
}

/** Resolves once the stored language's texts are loaded: the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    lng: folderOf(storedLanguage()),
    // No fallback language: it would download the other language too. tests/unit/locales.test.ts keeps both complete.
    fallbackLng: false,
    supportedLngs: ['en', 'zh-TW'],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => follow(storedLanguage()));

/** The current app language code (en | zh-tw). */
export const currentLanguage = (): Language => (i18n.language === 'zh-TW' ? 'zh-tw' : 'en');

/** Applies a language now (after sign-in, or picked on the login screen) and remembers it. */
export async function applyLanguage(lang: Language) {
  storeLanguage(lang);
  await i18n.changeLanguage(folderOf(lang));
  follow(lang);
}

/** The language dropdown: store the choice and reload the page (spec part 3 §2.8). */
export function switchLanguage(lang: Language) {
  storeLanguage(lang);
  window.location.reload();
}

/** A menu entry's name in the current language. */
export function menuName(m: { menuNameEN: string; menuNameZHTW: string }): string {
  return currentLanguage() === 'zh-tw' ? m.menuNameZHTW || m.menuNameEN : m.menuNameEN || m.menuNameZHTW;
}
