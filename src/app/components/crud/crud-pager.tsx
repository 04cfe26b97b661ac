// The pager of every list and picker (spec part 3 §2.9 layout): total, page sizes, prev, pages, next, jump-to-page.
// Plugged into mantine-datatable's renderPagination so its own page-size selector and pages are reused.
import { useState, type ReactNode } from 'react';
import { Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableProps } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { PAGE_SIZES } from '@/shared/domain/constants';
import { jumpTarget } from './list-state';

export interface PagerProps {
  page: number;
  pageSize: number;
  count: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** The jump-to-page input (also under the reports' own tables). */
export function JumpToPage({ count, pageSize, onPage }: { count: number; pageSize: number; onPage(p: number): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const go = () => {
    const p = jumpTarget(value, count, pageSize);
    if (p !== null) onPage(p);
    setValue('');
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{t('crud.goTo')}</Text>
      <TextInput
        size="xs"
        w={56}
        value={value}
        inputMode="numeric"
        aria-label={t('crud.goTo')}
        data-testid="pager-jump"
        onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Enter' && go()}
        onBlur={() => value && go()}
      />
    </Group>
  );
}

/** The DataTable props that draw the pager. */
export function usePagerProps(p: PagerProps) {
  const { t } = useTranslation();
  const renderPagination: NonNullable<DataTableProps<unknown>['renderPagination']> = ({ Controls }): ReactNode => (
    <Group justify="flex-end" gap="md" w="100%" wrap="wrap" data-testid="pager">
      <Text size="sm" data-testid="pager-total">
        {t('crud.total', { count: p.count })}
      </Text>
      <Controls.PageSizeSelector />
      <Controls.Pagination />
      <JumpToPage count={p.count} pageSize={p.pageSize} onPage={p.onPage} />
    </Group>
  );
  return {
    page: p.page,
    onPageChange: p.onPage,
    totalRecords: p.count,
    recordsPerPage: p.pageSize,
    recordsPerPageOptions: [...PAGE_SIZES],
    onRecordsPerPageChange: p.onPageSize,
    recordsPerPageLabel: t('crud.pageSize'),
    renderPagination,
  };
}
