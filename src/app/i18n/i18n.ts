// i18next set up once with the merged resources; the language follows the stored choice (spec part 3 §9).
// Changing the language stores it and reloads the page; dayjs and <html lang> follow it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import type { Language } from '@/shared/domain/constants';
import { storedLanguage, storeLanguage } from '../session/session';
import { folderOf, translations } from './resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(translations).map(([folder, tree]) => [folder, { translation: tree }])),
  lng: folderOf(storedLanguage()),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh-TW'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function follow(lang: Language) {
  dayjs.locale(lang === 'zh-tw' ? 'zh-tw' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = folderOf(lang);
}
follow(storedLanguage());

/** The current app language code (en | zh-tw). */
export const currentLanguage = (): Language => (i18n.language === 'zh-TW' ? 'zh-tw' : 'en');

/** Applies a language now (after sign-in) and remembers it. */
export async function applyLanguage(lang: Language) {
  storeLanguage(lang);
  follow(lang);
  await i18n.changeLanguage(folderOf(lang));
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
