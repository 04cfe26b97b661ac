// /Currency: currencies with the disabled and currency filters, the disable switch, Add and Edit (spec part 2 §2).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledCurrency, getCurrencyPage } from '@/shared/contracts/currency';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'currency', label: 'fields.currency.currency' }];

export default function CurrencyList() {
  return (
    <CrudList
      screen="Currency"
      entity="currency"
      endpoint={getCurrencyPage}
      filters={filters}
      rowKey="id"
      columns={[{ key: 'id', width: 80 }, { key: 'currency' }, { key: 'remarks' }]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:Currency.add', to: '/AddCurrency' }]}
      rowActions={[{ key: 'edit', label: 'crud.edit', permission: 'btn:Currency.edit', to: (r) => `/EditCurrency?Id=${r.id}` }]}
      disable={{ endpoint: disabledCurrency, input: (r, isDisabled) => ({ id: r.id, currency: r.currency, isDisabled }) }}
    />
  );
}
