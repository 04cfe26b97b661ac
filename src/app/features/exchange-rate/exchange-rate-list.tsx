// /ExchangeRateList (spec part 1 §2, §9): the year-month filter (a month picker, this month by default, cleared = every
// month) and the original currency shown read-only as RMB; Add (to /ExchangeRateAdd on the filter's month) and Edit
// (/ExchangeRateEdit?Id=) for holders of those buttons; year-month, company as name (number), original and local
// currency, rate. 10 a page.
import { CrudList } from '@/app/components/crud/crud-list';
import type { FilterDef } from '@/app/components/crud/filters';
import { nameNumber } from '@/app/components/crud/lookups';
import { NoWrap } from '@/app/components/sales/no-wrap';
import { getExchangeRatePage, REPORT_CURRENCY } from '@/shared/contracts/exchange-rate';
import { addLink, currentPeriod, editLink, EXCHANGE_RATE_PAGE_SIZE, formatRate } from './exchange-rate-logic';

const filters: FilterDef[] = [
  { kind: 'month', key: 'yearMonth', param: 'keyword', label: 'fields.exchangeRate.yearMonth', default: currentPeriod(), clearable: true },
  { kind: 'readonly', key: 'oriCurrency', label: 'fields.exchangeRate.oriCurrency', value: REPORT_CURRENCY },
];

export default function ExchangeRateList() {
  return (
    <CrudList
      screen="ExchangeRateList"
      entity="exchangeRate"
      endpoint={getExchangeRatePage}
      filters={filters}
      pageSize={EXCHANGE_RATE_PAGE_SIZE}
      rowKey="id"
      columns={[
        { key: 'yearMonth', render: (r) => <NoWrap>{r.yearMonth}</NoWrap> },
        { key: 'country', render: (r) => nameNumber(r.countryName, r.country) },
        { key: 'oriCurrency' },
        { key: 'locCurrency' },
        { key: 'exchangerate', textAlign: 'right', render: (r) => <NoWrap>{formatRate(r.exchangerate)}</NoWrap> },
      ]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:ExchangeRateList.add', to: (f) => addLink(f.yearMonth ?? '') }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:ExchangeRateList.edit', to: (r) => editLink(r.id) }]}
    />
  );
}
