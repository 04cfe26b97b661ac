// /SalesTargetList (spec part 1 §2): targets filtered by disabled flag, rule, year and month (24 a page); the running
// index, year, month, country, rule, totals, data status (draft, released, in approval: DESIGN §10) and the disable
// switch; Add, Edit (drafts, or for holders of "may always edit"), Copy, Details and Release (drafts of rule 1 in the
// normal record state). Release and the switch need the server and say so offline; entries saved on this device and
// not yet sent are listed above (DESIGN §6).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Stack } from '@mantine/core';
import { call } from '@/app/api/client';
import { CrudList, type RowAction } from '@/app/components/crud/crud-list';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { DisableSwitch } from '@/app/components/crud/disable-switch';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { nameNumber } from '@/app/components/crud/lookups';
import { LocalEntries, type LocalColumn } from '@/app/components/sales/local-entries';
import { monthFilter, yearFilter } from '@/app/components/sales/period-filters';
import '@/app/components/sales/sales-screen.css';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { can } from '@/app/components/shell/permissions';
import { formatAmount, formatQuantity } from '@/app/components/sales/amounts';
import { disabledSalesTarget, getSalesTargetPage, releaseSalesTarget, type SalesTargetItem } from '@/shared/contracts/sales-target';
import { PERMISSION } from '@/shared/domain/constants';
import { DATA_STATUS, pad2, SALES_PAGE_SIZE } from '@/shared/domain/sales';
import { mayEdit, mayRelease, payloadTotals } from './list-rules';
import { onlineOnly } from './online-only';
import { ruleLabel, ruleOptions, statusLabel } from './target-labels';

/** The total of a target as its rule counts it: the quantity of rule 1, the amount of rule 2. */
const totalText = (r: SalesTargetItem) => (r.rule === 1 ? formatQuantity(r.totalQuantity) : formatAmount(r.totalAmount));

const BTN = { add: 'btn:SalesTarget.add', edit: 'btn:SalesTarget.edit' } as const;

// Targets are mostly for months ahead: no year or month is chosen by default (every target shows).
const filters: FilterDef[] = [
  disabledFilter(),
  { kind: 'select', key: 'rule', label: 'fields.salesTarget.rule', options: ruleOptions },
  { ...yearFilter({ ahead: 2 }), default: '' },
  monthFilter(),
];

/** Rows saved on this device and not yet on the server, with the list's columns (DESIGN §6). */
const localColumns = (t: TFunction): LocalColumn<'salesTarget'>[] => [
  { key: 'year', title: 'fields.salesTarget.year', render: (e) => String(e.payload.year) },
  { key: 'month', title: 'fields.salesTarget.month', render: (e) => pad2(Number(e.payload.month)) },
  { key: 'country', title: 'fields.salesTarget.country', render: (e) => String(e.payload.country) },
  { key: 'rule', title: 'fields.salesTarget.rule', render: (e) => ruleLabel(t, Number(e.payload.rule)) },
  {
    key: 'total',
    title: 'fields.salesTarget.total',
    textAlign: 'right',
    render: (e) => {
      const totals = payloadTotals(e.payload);
      return Number(e.payload.rule) === 1 ? formatQuantity(totals.quantity) : formatAmount(totals.amount);
    },
  },
  { key: 'op', title: 'salesTarget.local.kind', render: (e) => t(`salesTarget.local.op.${e.op}`) },
];

/** The form's query (spec part 1 §2): the record's keys and extras, the mode and the read-only flag. */
function formQuery(r: SalesTargetItem, operate: 'edit' | 'copy' | 'query') {
  const q = new URLSearchParams({
    id: String(r.id),
    year: String(r.year),
    month: String(r.month),
    country: r.country,
    rule: String(r.rule),
    oihTargetAmount: String(r.oihTargetAmount),
    oihCorporateAmount: String(r.oihCorporateAmount),
    brandCollaboration: String(r.brandCollaboration),
    webSales: String(r.webSales),
    headOffice: String(r.headOffice),
    readonly: String(operate === 'query'),
    operate,
  });
  return q.toString();
}

export default function SalesTargetList() {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();

  const release = async (r: SalesTargetItem, reload: () => void) => {
    if (!(await confirm(t('salesTarget.releaseConfirm', { label: `${r.country} ${r.year}-${pad2(r.month)}` })))) return;
    try {
      const { dataStatus } = await onlineOnly(() => call(releaseSalesTarget, { id: r.id, year: r.year, month: r.month, country: r.country }));
      // With an approval template the target went into approval, not out.
      showSuccess(dataStatus === DATA_STATUS.inApproval ? 'salesTarget.submittedForApproval' : 'salesTarget.released');
      reload();
    } catch (err) {
      // targetNotMaintained (no rows, or a zero row) is translated by errors.<msg>.
      showError(err);
    }
  };

  const rowActions: RowAction<SalesTargetItem>[] = [
    {
      key: 'edit',
      label: 'crud.edit',
      permission: BTN.edit,
      hidden: (r) => !mayEdit(r, can(PERMISSION.alwaysEditTarget)),
      to: (r) => `/SalesTargetEdit?${formQuery(r, 'edit')}`,
    },
    { key: 'copy', label: 'salesTarget.copy', permission: BTN.add, to: (r) => `/SalesTargetAdd?${formQuery(r, 'copy')}` },
    // Details opens the edit route read-only: whoever may open that route may read the record there.
    { key: 'details', label: 'crud.details', permission: BTN.edit, to: (r) => `/SalesTargetEdit?${formQuery(r, 'query')}` },
    { key: 'release', label: 'salesTarget.release', color: 'green', hidden: (r) => !mayRelease(r), run: (r, reload) => void release(r, reload) },
  ];

  return (
    <Stack gap="sm" className="sd-sales">
      <LocalEntries kind="salesTarget" columns={localColumns(t)} />
      <CrudList
        screen="SalesTargetList"
        entity="salesTarget"
        endpoint={getSalesTargetPage}
        pageSize={SALES_PAGE_SIZE.salesTarget}
        filters={filters}
        rowKey="id"
        columns={[
          { key: 'year', width: 60 },
          { key: 'month', width: 64, render: (r) => pad2(r.month) },
          { key: 'country', render: (r) => nameNumber(r.countryName, r.country) },
          { key: 'rule', render: (r) => ruleLabel(t, r.rule) },
          // One column for both rules keeps the list within a tablet's width: quantity (rule 1) or amount (rule 2).
          { key: 'total', title: 'fields.salesTarget.total', textAlign: 'right', render: (r) => totalText(r) },
          {
            key: 'dataStatus',
            // In approval (2, DESIGN §10) stands out: the target waits for approvers and is read-only meanwhile.
            render: (r) => (
              <span style={{ whiteSpace: 'nowrap', color: r.dataStatus === DATA_STATUS.inApproval ? 'var(--mantine-color-orange-7)' : undefined }} data-status={r.dataStatus}>
                {statusLabel(t, r.dataStatus)}
              </span>
            ),
          },
          {
            key: 'isDisabled',
            title: 'crud.disabled',
            width: 72,
            render: (r) => (
              <DisableSwitch value={r.isDisabled} onToggle={(next) => onlineOnly(() => call(disabledSalesTarget, { id: r.id, isDisabled: next }))} />
            ),
          },
        ]}
        toolbar={[{ key: 'add', label: 'crud.add', permission: BTN.add, to: '/SalesTargetAdd?id=0&operate=add&readonly=false' }]}
        rowActions={rowActions}
      >
        {dialog}
      </CrudList>
    </Stack>
  );
}
