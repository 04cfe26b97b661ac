// Which row actions the target list offers (spec part 1 §2; DESIGN §5) and the totals of a queued target: pure, unit-tested.
import type { SalesTargetFormInput, SalesTargetItem } from '@/shared/contracts/sales-target';
import { amountOf, quantityOf } from '@/app/components/sales/amounts';
import { DATA_STATUS, RECORD_STATUS_NORMAL, sumAmounts } from '@/shared/domain/sales';

/** Edit is offered for drafts, or to holders of "may always edit" (DESIGN §5). */
export const mayEdit = (r: Pick<SalesTargetItem, 'dataStatus'>, alwaysEdit: boolean) => r.dataStatus === DATA_STATUS.draft || alwaysEdit;

/** Release is offered for drafts of rule 1 in the normal record state (spec part 1 §2). */
export const mayRelease = (r: Pick<SalesTargetItem, 'dataStatus' | 'rule' | 'recordStatus'>) =>
  r.dataStatus === DATA_STATUS.draft && r.rule === 1 && r.recordStatus === RECORD_STATUS_NORMAL;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Totals of a target queued on this device, as the server will compute them: its enabled rows only. */
export function payloadTotals(p: SalesTargetFormInput): { quantity: number; amount: number } {
  const rows = (p.salesTargetDetailEntities ?? []).filter((d) => d.isDisabled !== true);
  return {
    quantity: rows.reduce<number>((s, d) => s + quantityOf(str(d.targetQuantity)), 0),
    amount: sumAmounts(rows.map((d) => amountOf(str(d.corporatAmount)) + amountOf(str(d.offlineAmount)))),
  };
}
