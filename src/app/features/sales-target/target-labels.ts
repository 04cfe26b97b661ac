// How rules and data statuses of sales targets show (spec part 1 §3, §4): translated names keyed by their value.
import type { TFunction } from 'i18next';
import { RULES } from '@/shared/domain/sales';

/** "Quantity" / "Amount" (the sales screens' sales.rules.<n>); other values show as they are. */
export const ruleLabel = (t: TFunction, rule: number) => t(`sales.rules.${rule}`, { defaultValue: String(rule) });

/** Draft / Released / In approval (salesTarget.status.<n>). */
export const statusLabel = (t: TFunction, status: number) => t(`salesTarget.status.${status}`, { defaultValue: String(status) });

/** The rule choices of the filter and the form. */
export const ruleOptions = RULES.map((r) => ({ value: String(r), label: String(r), labelKey: `sales.rules.${r}` }));
