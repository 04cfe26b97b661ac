// /CompanyDetails?id: the company's name, number and payment term, Return, and a table of its departments
// (spec part 2 §2 Companies). Without a network the table gives way to the offline state with Retry.
import { useState } from 'react';
import { Badge, Paper, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudDetail } from '@/app/components/crud/crud-detail';
import { usePagerProps } from '@/app/components/crud/crud-pager';
import { queryParam, recordKeyProblem } from '@/app/components/crud/form-logic';
import { defaultPageSize, rowNumber } from '@/app/components/crud/list-state';
import { OfflineState, queryOffline } from '@/app/components/shell/status-page';
import { getCompany, type CompanyItem } from '@/shared/contracts/company';
import { getDepartmentPage, type DepartmentItem } from '@/shared/contracts/department';

function CompanyDepartments({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: defaultPageSize('CompanyDetails') });
  const q = useQuery({
    queryKey: ['company-departments', companyId, page],
    enabled: companyId > 0,
    retry: false,
    queryFn: ({ signal }) => call(getDepartmentPage, { companyId, ...page }, { signal }),
  });
  const net = queryOffline(q);
  const pager = usePagerProps({
    page: page.pageIndex,
    pageSize: page.pageSize,
    count: q.data?.count ?? 0,
    onPage: (pageIndex) => setPage((p) => ({ ...p, pageIndex })),
    onPageSize: (pageSize) => setPage({ pageIndex: 1, pageSize }),
  });
  return (
    <Paper p="md" withBorder maw={960}>
      <Title order={5} mb="sm">
        {t('pages.company.departments')}
      </Title>
      {net.offline ? (
        <OfflineState compact onRetry={net.retry} busy={net.busy} />
      ) : (
        <DataTable<DepartmentItem>
          withTableBorder
          striped
          minHeight={q.data?.items.length ? undefined : 140}
          idAccessor="id"
          records={q.data?.items ?? []}
          fetching={q.isFetching}
          noRecordsText={t('crud.noData')}
          columns={[
            { accessor: '__index', title: t('crud.index'), width: 64, render: (_r, i) => rowNumber(page.pageIndex, page.pageSize, i) },
            { accessor: 'departmentNumber', title: t('fields.department.departmentNumber') },
            { accessor: 'departmentName', title: t('fields.department.departmentName') },
            { accessor: 'departmentPath', title: t('fields.department.departmentPath') },
            { accessor: 'leader', title: t('fields.department.leader') },
            {
              accessor: 'isDisabled',
              title: t('crud.disabled'),
              render: (r) => (r.isDisabled ? <Badge color="gray">{t('common.yes')}</Badge> : t('common.no')),
            },
          ]}
          data-testid="company-departments"
          {...pager}
        />
      )}
    </Paper>
  );
}

export default function CompanyDetails() {
  const [params] = useSearchParams();
  const key = queryParam(params, 'id');
  // An id that names no company shows "not found" above and no departments table.
  const id = recordKeyProblem(key, 'id') === null ? Number(key) : 0;
  return (
    <Stack gap="md">
      <CrudDetail<CompanyItem>
        entity="company"
        listPath="/CompanyList"
        keyParam="id"
        load={(key) => call(getCompany, { id: key })}
        fields={[{ key: 'companyName' }, { key: 'companyNumber' }, { key: 'paymentterm' }]}
      />
      {id > 0 && <CompanyDepartments companyId={id} />}
    </Stack>
  );
}
