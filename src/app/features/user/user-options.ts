// The user's choice lists (spec part 2 §3, §9): sex, ranks 1–21, grades 1–14, languages; labels from the locales.
import { GRADES, RANKS, SEXES } from '@/shared/domain/organisation';
import { USER_LANGUAGES } from '@/shared/domain/organisation';
import type { TFunction } from 'i18next';

export const sexOptions = SEXES.map((s) => ({ value: String(s), labelKey: `pages.user.sexes.${s}` }));
export const rankOptions = RANKS.map((r) => ({ value: String(r), label: String(r), labelKey: `pages.user.ranks.${r}` }));
export const gradeOptions = (t: TFunction) => GRADES.map((g) => ({ value: String(g), label: t('pages.user.gradeOption', { grade: g }) }));
export const languageOptions = USER_LANGUAGES.map((l) => ({ value: l, label: l, labelKey: `pages.user.languages.${l}` }));

/** A rank, sex or language as its label ('—' when empty). */
export const rankLabel = (t: TFunction, rank: number | null) => (rank ? t(`pages.user.ranks.${rank}`) : '—');
export const sexLabel = (t: TFunction, sex: number) => t(`pages.user.sexes.${sex}`, { defaultValue: String(sex) });
export const languageLabel = (t: TFunction, lang: string) => t(`pages.user.languages.${lang}`, { defaultValue: lang });
