// The rows of a sales list that exist only on this device (DESIGN §6): the signed-in account's unsynced entries of
// the area, shown above the server's rows with the same columns and a mark, so a tablet offline still sees what it
// entered. Open takes an entry back into its form (on the entry's draft copy, as the outbox's Open does).
import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { entryPath } from '@/app/offline/entry-view';
import { LocalBadge, useLocalEntries } from '@/app/offline/hooks';
import type { EntryKind, OutboxEntry } from '@/app/offline/types';

export interface LocalColumn<K extends EntryKind> {
  key: string;
  /** Translation key of the title. */
  title: string;
  render(entry: OutboxEntry<K>): ReactNode;
  textAlign?: 'left' | 'right' | 'center';
}

export function LocalEntries<K extends EntryKind>({ kind, columns }: { kind: K; columns: readonly LocalColumn<K>[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Synced entries are on the server (and in the server's rows): only the others are "on this device".
  const entries = useLocalEntries(kind).filter((e) => e.status !== 'synced');
  if (!entries.length) return null;
  const cols: DataTableColumn<OutboxEntry<K>>[] = [
    { accessor: 'status', title: '', render: (e) => <LocalBadge entry={e} /> },
    ...columns.map((c): DataTableColumn<OutboxEntry<K>> => ({ accessor: c.key, title: t(c.title), textAlign: c.textAlign, render: c.render })),
    {
      accessor: '__open',
      title: t('crud.actions'),
      textAlign: 'center',
      render: (e) => (
        <Button size="compact-sm" variant="light" className="sd-row-action" onClick={() => void navigate(entryPath(e))} data-testid="local-open">
          {t('sales.local.open')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder p="xs" data-testid="local-entries">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('sales.local.title', { count: entries.length })}
        </Text>
        <DataTable<OutboxEntry<K>> withTableBorder={false} striped idAccessor="id" columns={cols} records={entries} />
      </Stack>
    </Paper>
  );
}
