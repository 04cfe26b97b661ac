// /CompanyList: companies with the disabled and keyword filters, the disable switch (refused while the company has
// departments), Details, Add and Edit; 10 a page (spec part 2 §2 Companies, §9).
import { CrudList } from '@/app/components/crud/crud-list';
import { disabledFilter, type FilterDef } from '@/app/components/crud/filters';
import { disabledCompany, getCompanyPage } from '@/shared/contracts/company';

const filters: FilterDef[] = [disabledFilter(), { kind: 'text', key: 'keyword', label: 'fields.company.keyword' }];

export default function CompanyList() {
  return (
    <CrudList
      screen="CompanyList"
      entity="company"
      endpoint={getCompanyPage}
      filters={filters}
      rowKey="id"
      columns={[{ key: 'id', width: 80 }, { key: 'companyName' }, { key: 'companyNumber' }, { key: 'paymentterm' }]}
      toolbar={[{ key: 'add', label: 'crud.add', permission: 'btn:CompanyList.add', to: '/CompanyAdd?id=0' }]}
      rowActions={[
        { key: 'details', label: 'crud.details', permission: 'btn:CompanyList.details', to: (r) => `/CompanyDetails?id=${r.id}` },
        { key: 'edit', label: 'crud.edit', permission: 'btn:CompanyList.edit', to: (r) => `/CompanyEdit?id=${r.id}` },
      ]}
      disable={{ endpoint: disabledCompany, input: (r, isDisabled) => ({ id: r.id, isDisabled }) }}
    />
  );
}
