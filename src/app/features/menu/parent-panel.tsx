// The parent's info panel of the submenu screens (spec part 2 §2 Menus): its names, route path, route name and route
// component, with optional buttons (Add submenu, Back). Without a network the fields give way to a one-line offline
// state with Retry (no toast).
import type { ReactNode } from 'react';
import { Group, LoadingOverlay, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { showError } from '@/app/components/feedback/feedback';
import { isOfflineError, OfflineState, queryOffline } from '@/app/components/shell/status-page';
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
        if (!signal.aborted && !isOfflineError(err)) showError(err);
        throw err;
      }
    },
  });
  const net = queryOffline(q);
  return { parent: q.data, loading: q.isFetching, offline: net.offline && !q.data, onRetry: net.retry };
}

const FIELDS = ['menuNameEN', 'menuNameZHTW', 'menuNameZHCN', 'routePath', 'routeName', 'routeComponent'] as const;

export function ParentPanel({
  parent,
  loading,
  offline,
  onRetry,
  children,
}: {
  parent?: MenuItem;
  loading: boolean;
  /** The parent could not be loaded for want of a network: the offline state with `onRetry` instead of the fields. */
  offline?: boolean;
  onRetry?(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper p="md" withBorder pos="relative" data-testid="parent-panel">
      <LoadingOverlay visible={loading && !offline} />
      <Group justify="space-between" mb="xs">
        <Title order={6}>{t('pages.menu.parent')}</Title>
        <Group gap="xs">{children}</Group>
      </Group>
      {offline ? (
        <OfflineState inline onRetry={onRetry} busy={loading} />
      ) : (
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
      )}
    </Paper>
  );
}
