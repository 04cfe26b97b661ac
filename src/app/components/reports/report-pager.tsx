// The pager under a model report (spec part 1 §2: total, page sizes 10–100, previous, pages, next, jump to page), the
// same parts and texts as the lists' pager (crud-pager.tsx), which is bound to mantine-datatable and so cannot sit
// under the report's own table.
import { useState } from 'react';
import { Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { jumpTarget, pageCount } from '@/app/components/crud/list-state';
import { PAGE_SIZES } from '@/shared/domain/constants';

export interface ReportPagerProps {
  page: number;
  pageSize: number;
  count: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

export function ReportPager({ page, pageSize, count, onPage, onPageSize }: ReportPagerProps) {
  const { t } = useTranslation();
  const [jump, setJump] = useState('');
  // The reports' default (20) is not one of the offered sizes (spec part 1 §9); it is listed while it is the size.
  const sizes = [...new Set<number>([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);
  const go = () => {
    const p = jumpTarget(jump, count, pageSize);
    if (p !== null && p !== page) onPage(p);
    setJump('');
  };
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
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{t('crud.goTo')}</Text>
        <TextInput
          size="xs"
          w={56}
          value={jump}
          inputMode="numeric"
          aria-label={t('crud.goTo')}
          data-testid="pager-jump"
          onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          onBlur={() => jump && go()}
        />
      </Group>
    </Group>
  );
}
