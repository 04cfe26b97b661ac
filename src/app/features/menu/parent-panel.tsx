// The parent's info panel of the submenu screens (spec part 2 §2 Menus): its names, route path, route name and route
// component, with optional buttons (Add submenu, Back).
import type { ReactNode } from 'react';
import { Group, LoadingOverlay, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { showError } from '@/app/components/feedback/feedback';
import { getMenuById, type MenuItem } from '@/shared/contracts/menu';

/** The parent entry, loaded once per id. */
export function useParentMenu(id: number) {
  const q = useQuery({
    queryKey: ['menu-parent', id],
    enabled: id > 0,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await call(getMenuById, { id }, { signal });
      } catch (err) {
        if (!signal.aborted) showError(err);
        throw err;
      }
    },
  });
  return { parent: q.data, loading: q.isFetching };
}

const FIELDS = ['menuNameEN', 'menuNameZHTW', 'menuNameZHCN', 'routePath', 'routeName', 'routeComponent'] as const;

export function ParentPanel({ parent, loading, children }: { parent?: MenuItem; loading: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" withBorder pos="relative" data-testid="parent-panel">
      <LoadingOverlay visible={loading} />
      <Group justify="space-between" mb="xs">
        <Title order={6}>{t('pages.menu.parent')}</Title>
        <Group gap="xs">{children}</Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {FIELDS.map((f) => (
          <div key={f}>
            <Text size="xs" c="dimmed">
              {t(`fields.menu.${f}`)}
            </Text>
            <Text size="sm" data-testid={`parent-${f}`}>
              {parent?.[f] || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
