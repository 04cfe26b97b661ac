// Constants of the organisation screens (spec part 2 §3, §9): ranks, grades, sex, languages, company kinds, menu limits.
import { LANGUAGES } from './constants';

/** Job ranks 1 to 21 (labels come from the locales). */
export const RANKS = Array.from({ length: 21 }, (_, i) => i + 1);
export const RANK_MIN = 1;
export const RANK_MAX = 21;

/** Grades 1 to 14. */
export const GRADES = Array.from({ length: 14 }, (_, i) => i + 1);
export const GRADE_MIN = 1;
export const GRADE_MAX = 14;

/** Sex: 1 man, 2 woman. */
export const SEX = { man: 1, woman: 2 } as const;
export const SEXES = [SEX.man, SEX.woman] as const;

/** The languages a user may have. */
export const USER_LANGUAGES = LANGUAGES;

/** Company kind: 1 factory, 2 sales company (a country). getcompanylist isFactory 0 or empty means all. */
export const IS_FACTORY = { factory: 1, sales: 2 } as const;

/** Password length on user add and the administrator's set-password dialog (spec part 2 §5). */
export const ADMIN_PASSWORD_MIN = 6;
export const ADMIN_PASSWORD_MAX = 20;

/** Menu entry types and limits (spec part 2 §9). */
export const MENU_TYPES = [1, 2, 3] as const;
export const MENU_SORT_MAX = 99999;
export const DEFAULT_ROUTE_PARENT = 'Home';
