// The pager under a model report (spec part 1 §2: total, page sizes 10–100, previous, pages, next, jump to page), the
// same parts and texts as the lists' pager (crud-pager.tsx), which is bound to mantine-datatable and so cannot sit
// under the report's own table.
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JumpToPage, type PagerProps } from '@/app/components/crud/crud-pager';
import { pageCount } from '@/app/components/crud/list-state';
import { PAGE_SIZES } from '@/shared/domain/constants';

export function ReportPager({ page, pageSize, count, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  // The reports' default (20) is not one of the offered sizes (spec part 1 §9); it is listed while it is the size.
  const sizes = [...new Set<number>([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  return (
    <Group justify="flex-end" gap="md" wrap="wrap" data-testid="pager">
      <Text size="sm" data-testid="pager-total">
        {t('crud.total', { count })}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{t('crud.pageSize')}</Text>
        <Select
          size="xs"
          w={76}
          data={sizes.map((s) => String(s))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          aria-label={t('crud.pageSize')}
          data-testid="pager-size"
        />
      </Group>
      <Pagination size="sm" total={pageCount(count, pageSize)} value={page} onChange={onPage} withEdges={false} data-testid="pager-pages" />
      <JumpToPage count={count} pageSize={pageSize} onPage={(p) => p !== page && onPage(p)} />
    </Group>
  );
}
