// Constants of the three spec parts that both sides use.

export const PAGE_SIZES = [10, 25, 50, 75, 100] as const;
export const HEAD_OFFICE = 'OIH';
/** Excluded from the head office's country list. */
export const HK = 'HK';
export const SUPER_USER = 'admin';
export const LANGUAGES = ['en', 'zh-tw'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Side-menu groups open by default (spec part 3 §9). */
export const OPEN_MENU_GROUPS = [1, 69, 331, 451] as const;
export const MENU_TYPE = { menu: 1, button: 2, api: 3 } as const;
export const REQUEST_TIMEOUT_MS = 60000;

/** Seeded button permissions that replace the spec's hard-coded accounts (DESIGN §5). */
export const PERMISSION = {
  editUnitPrice: 'btn:Product.editUnitPrice',
  alwaysEditTarget: 'btn:SalesTarget.alwaysEdit',
  amountRuleExtras: 'btn:SalesTarget.amountExtras',
} as const;

export function isSuperUser(number: string | null | undefined): boolean {
  return (number ?? '').toLowerCase() === SUPER_USER;
}
