// The mark on a list row that exists only on this device or has changes waiting there (DESIGN §6): an add not yet
// applied is "On this device", an edit "Waiting to sync"; refused entries "Failed", unsettled ones "Conflict".
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from './types';

export function LocalBadge({ entry }: { entry: Pick<OutboxEntry, 'status' | 'op'> }) {
  const { t } = useTranslation();
  const [key, color] =
    entry.status === 'failed'
      ? ['failed', 'red']
      : entry.status === 'conflict'
        ? ['conflict', 'orange']
        : entry.status === 'synced'
          ? ['synced', 'green']
          : entry.op === 'edit'
            ? ['waiting', 'blue']
            : ['local', 'grape'];
  return (
    <Badge size="sm" variant="light" color={color} style={{ minWidth: 'max-content' }} data-testid="local-badge" data-status={entry.status}>
      {t(`offline.badge.${key}`)}
    </Badge>
  );
}
