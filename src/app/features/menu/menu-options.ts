// Menu entry types (spec part 2 §3, §9): 1 side menu, 2 button, 3 API; labels from the locales.
import { MENU_TYPES } from '@/shared/domain/organisation';

export const menuTypeOptions = MENU_TYPES.map((v) => ({ value: String(v), label: String(v), labelKey: `pages.menu.types.${v}` }));
