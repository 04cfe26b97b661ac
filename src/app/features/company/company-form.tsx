// /CompanyAdd?id=0 and /CompanyEdit?id: name and number (required; the number is fixed once the company exists),
// factory or not (2, no, by default) and the payment term (spec part 2 §2 Companies, §5).
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { addOrEditCompany, getCompany } from '@/shared/contracts/company';
import { IS_FACTORY } from '@/shared/domain/organisation';

interface Values extends Record<string, unknown> {
  id: number;
  companyName: string;
  companyNumber: string;
  isFactory: string;
  paymentterm: string;
}

const fields: FieldDef<Values>[] = [
  { name: 'companyName', required: true },
  { name: 'companyNumber', required: true, disabled: ({ mode }) => mode === 'edit' },
  {
    name: 'isFactory',
    kind: 'select',
    required: true,
    options: [
      { value: String(IS_FACTORY.factory), label: '1', labelKey: 'common.yes' },
      { value: String(IS_FACTORY.sales), label: '2', labelKey: 'common.no' },
    ],
  },
  { name: 'paymentterm' },
];

const empty: Values = { id: 0, companyName: '', companyNumber: '', isFactory: String(IS_FACTORY.sales), paymentterm: '' };

export default function CompanyForm() {
  return (
    <CrudForm
      entity="company"
      listPath="/CompanyList"
      keyParam="id"
      empty={empty}
      fields={fields}
      save={addOrEditCompany}
      load={(id) => call(getCompany, { id })}
      toValues={(r) => ({ id: r.id, companyName: r.companyName, companyNumber: r.companyNumber, isFactory: String(r.isFactory), paymentterm: r.paymentterm })}
      toPayload={(v) => ({ ...v, isFactory: Number(v.isFactory) })}
    />
  );
}
