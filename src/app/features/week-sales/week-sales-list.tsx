// /WeekSalesDataList (spec part 1 §2): year (current by default), month (current by default) and country (All) filters;
// Query and Add; the running index, date period, country, year, month and week amount; Details and Edit open the form.
// 10 a page. Entries saved on this device but not yet on the server are listed above, marked (DESIGN §6).
import { Stack } from '@mantine/core';
import { CrudList } from '@/app/components/crud/crud-list';
import type { FilterDef } from '@/app/components/crud/filters';
import { nameNumber } from '@/app/components/crud/lookups';
import { formatAmount } from '@/app/components/sales/amounts';
import { NoWrap } from '@/app/components/sales/no-wrap';
import { LocalEntries, type LocalColumn } from '@/app/components/sales/local-entries';
import { countryFilter, monthFilter, yearFilter } from '@/app/components/sales/period-filters';
import '@/app/components/sales/sales-screen.css';
import { getWeekSalesDataPage, type WeekSalesItem } from '@/shared/contracts/sales-data';
import { pad2, periodOf, SALES_PAGE_SIZE, sumAmounts } from '@/shared/domain/sales';

const filters: FilterDef[] = [yearFilter(), monthFilter({ currentByDefault: true }), countryFilter()];

const formLink = (r: WeekSalesItem, operate: 'query' | 'edit') =>
  `/WeekSalesData?id=${r.id}&yearS=${r.yearS}&monthS=${r.monthS}&country=${encodeURIComponent(r.country)}&readonly=${operate === 'query'}&operate=${operate}`;

const local: LocalColumn<'weekSales'>[] = [
  { key: 'datePeriod', title: 'fields.weekSales.datePeriod', render: (e) => periodOf(Number(e.payload.yearS), Number(e.payload.monthS)) },
  { key: 'country', title: 'fields.weekSales.country', render: (e) => e.payload.country },
  { key: 'yearS', title: 'fields.weekSales.yearS', render: (e) => String(e.payload.yearS) },
  { key: 'monthS', title: 'fields.weekSales.monthS', render: (e) => pad2(Number(e.payload.monthS)) },
  {
    key: 'weekAmount',
    title: 'fields.weekSales.weekAmount',
    textAlign: 'right',
    render: (e) =>
      formatAmount(sumAmounts((e.payload.salesDataDetailEntities ?? []).flatMap((d) => d.salesDataDetailSubs.map((s) => Number(s.uploadAmount))))),
  },
];

export default function WeekSalesList() {
  return (
    <Stack gap="sm" className="sd-sales">
      <LocalEntries kind="weekSales" columns={local} />
      <CrudList
        screen="WeekSalesDataList"
        entity="weekSales"
        endpoint={getWeekSalesDataPage}
        filters={filters}
        pageSize={SALES_PAGE_SIZE.weekSales}
        rowKey="id"
        columns={[
          { key: 'datePeriod', render: (r) => <NoWrap>{r.datePeriod}</NoWrap> },
          { key: 'country', render: (r) => nameNumber(r.countryName, r.country) },
          { key: 'yearS' },
          { key: 'monthS', render: (r) => pad2(r.monthS) },
          { key: 'weekAmount', textAlign: 'right', render: (r) => <NoWrap>{formatAmount(r.weekAmount)}</NoWrap> },
        ]}
        toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:WeekSalesDataList.add', to: '/WeekSalesData?id=0&readonly=false&operate=add' }]}
        rowActions={[
          { key: 'details', label: 'crud.details', to: (r) => formLink(r, 'query') },
          { key: 'edit', label: 'crud.edit', permission: 'btn:WeekSalesDataList.edit', to: (r) => formLink(r, 'edit') },
        ]}
      />
    </Stack>
  );
}
