// "Restore draft?" for the offline areas' forms (DESIGN §6): shown while useDraft offers a stored draft; Restore hands
// its values to the form, Discard drops it.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Icon } from '@/app/components/shell/icons';
import type { DraftHandle } from './drafts';

export function DraftNotice<T>({ handle, onRestore }: { handle: DraftHandle<T>; onRestore(values: T): void }) {
  const { t } = useTranslation();
  if (!handle.draft) return null;
  return (
    <Alert color="blue" variant="light" icon={<Icon name="hourglass" />} data-testid="draft-notice" mb="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('offline.draft.found', { time: dayjs(handle.draft.savedAt).format('YYYY-MM-DD HH:mm:ss') })}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            onClick={() => {
              const v = handle.restore();
              if (v !== null) onRestore(v);
            }}
            data-testid="draft-restore"
          >
            {t('offline.draft.restore')}
          </Button>
          <Button size="xs" variant="default" onClick={() => handle.discard()} data-testid="draft-discard">
            {t('offline.draft.discard')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
