// /SalesDataList (spec part 1 §2, §4): year (current by default), month (any) and disabled filters; the running index,
// period, country, rule (1 quantity, 2 amount), total quantity, total amount, the disable switch (flips only on
// success), Details and Edit; Add. 10 a page. Entries saved on this device but not yet on the server are listed above,
// marked (DESIGN §6).
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { nameNumber } from '@/app/components/crud/lookups';
import { formatAmount, formatQuantity } from '@/app/components/sales/amounts';
import { NoWrap } from '@/app/components/sales/no-wrap';
import { LocalEntries, type LocalColumn } from '@/app/components/sales/local-entries';
import { monthFilter, yearFilter } from '@/app/components/sales/period-filters';
import '@/app/components/sales/sales-screen.css';
import { disabledSalesData, getSalesDataPage, type SalesDataItem } from '@/shared/contracts/sales-data';
import { SALES_PAGE_SIZE } from '@/shared/domain/sales';
import { payloadTotals } from './sales-data-logic';

const filters: FilterDef[] = [yearFilter(), monthFilter(), disabledFilter()];

const formLink = (r: SalesDataItem, operate: 'query' | 'edit') =>
  `/SalesDataEdit?id=${r.id}&datePeriod=${r.datePeriod}&country=${encodeURIComponent(r.country)}&rules=${r.rules}&years=${r.yearS}&months=${r.monthS}` +
  `&readonly=${operate === 'query'}&operate=${operate}`;

/** 1 is quantity; any other rule is amount (spec part 1 §2). */
export const ruleKey = (rules: number) => `sales.rules.${rules === 1 ? 1 : 2}`;

function RuleText({ rules }: { rules: number }) {
  const { t } = useTranslation();
  return <>{t(ruleKey(rules))}</>;
}

const local: LocalColumn<'salesData'>[] = [
  { key: 'datePeriod', title: 'fields.salesData.datePeriod', render: (e) => e.payload.datePeriod },
  { key: 'country', title: 'fields.salesData.country', render: (e) => e.payload.country },
  { key: 'rules', title: 'fields.salesData.rules', render: (e) => <RuleText rules={Number(e.payload.rules)} /> },
  { key: 'sumQuantity', title: 'fields.salesData.sumQuantity', textAlign: 'right', render: (e) => formatQuantity(payloadTotals(e.payload).quantity) },
  { key: 'sumAmount', title: 'fields.salesData.sumAmount', textAlign: 'right', render: (e) => (Number(e.payload.rules) === 2 ? formatAmount(payloadTotals(e.payload).amount) : '—') },
];

export default function SalesDataList() {
  return (
    <Stack gap="sm" className="sd-sales">
      <LocalEntries kind="salesData" columns={local} />
      <CrudList
        screen="SalesDataList"
        entity="salesData"
        endpoint={getSalesDataPage}
        filters={filters}
        pageSize={SALES_PAGE_SIZE.salesData}
        rowKey="id"
        columns={[
          { key: 'datePeriod', render: (r) => <NoWrap>{r.datePeriod}</NoWrap> },
          { key: 'country', render: (r) => nameNumber(r.countryName, r.country) },
          { key: 'rules', render: (r) => <RuleText rules={r.rules} /> },
          { key: 'sumQuantity', textAlign: 'right', render: (r) => formatQuantity(r.sumQuantity) },
          { key: 'sumAmount', textAlign: 'right', render: (r) => <NoWrap>{formatAmount(r.sumAmount)}</NoWrap> },
        ]}
        toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:SalesDataList.edit', to: '/SalesDataEdit?id=0&operate=add&readonly=false' }]}
        rowActions={[
          { key: 'details', label: 'crud.details', to: (r) => formLink(r, 'query') },
          { key: 'edit', label: 'crud.edit', permission: 'btn:SalesDataList.edit', to: (r) => formLink(r, 'edit') },
        ]}
        disable={{ endpoint: disabledSalesData, input: (r, isDisabled) => ({ id: r.id, isDisabled }) }}
      />
    </Stack>
  );
}
