// /AddCurrency and /EditCurrency?Id: currency (required) and remarks; the id is shown read-only on edit (spec part 2 §2).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { addCurrency, getCurrencyById } from '@/shared/contracts/currency';

interface Values extends Record<string, unknown> {
  id: number;
  currency: string;
  remarks: string;
}

const fields: FieldDef<Values>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'currency', required: true },
  { name: 'remarks', kind: 'textarea' },
];

export default function CurrencyForm() {
  return (
    <CrudForm
      entity="currency"
      listPath="/Currency"
      keyParam="Id"
      empty={{ id: 0, currency: '', remarks: '' }}
      fields={fields}
      save={addCurrency}
      load={(id) => call(getCurrencyById, { id })}
      toValues={(r) => ({ id: r.id, currency: r.currency, remarks: r.remarks })}
    />
  );
}
