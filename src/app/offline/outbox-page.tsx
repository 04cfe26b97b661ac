// /Outbox (DESIGN §6): the signed-in account's entries on this device — waiting, failed, in conflict, and those synced
// in the last day — with Retry, Open (the form with the entry's values), Discard (after a confirm) and Resolve for
// conflicts; Sync now; an export of every unsynced entry to a JSON file; the storage estimate (a warning above 80 %
// of the quota); and how many entries of other accounts wait on this device for their own sign-in.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { fieldMessageKey, type FieldError } from '@/shared/contracts/field-messages';
import { i18n } from '@/app/i18n/i18n';
import { useSession } from '@/app/session/session';
import { Icon } from '@/app/components/shell/icons';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { showInfo } from '@/app/components/feedback/feedback';
import { appEngine } from './app-sync';
import { ConflictDialog } from './conflict-dialog';
import { offlineDb } from './db';
import { entryPath } from './entry-view';
import { useOtherAccountsWaiting, useOutboxEntries, useSyncStatus } from './hooks';
import { discardEntry, entriesOf, isUnsynced, retryEntry } from './outbox';
import { signInAgain } from './sync-status';
import type { EntryStatus, OutboxEntry } from './types';

const STATUS_COLOR: Record<EntryStatus, string> = { pending: 'blue', sending: 'cyan', failed: 'red', conflict: 'orange', synced: 'green' };
/** Above this share of the quota the screen warns. */
export const STORAGE_WARN_RATIO = 0.8;

/** The translated message of an entry's error (errors.<key>), with a refusal's field errors. */
function errorLines(e: OutboxEntry): string[] {
  if (!e.error) return [];
  const key = `errors.${e.error}`;
  const lines = [i18n.exists(key) ? i18n.t(key) : i18n.t('errors.generic')];
  if (Array.isArray(e.errorData)) {
    for (const f of (e.errorData as FieldError[]).slice(0, 5)) {
      if (f && typeof f.field === 'string') lines.push(`${f.field}: ${i18n.t(fieldMessageKey(String(f.message)), f.params ?? {})}`);
    }
  }
  return lines;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;

/** Downloads every unsynced entry of the account as a JSON file (a copy the user keeps, whatever happens to the device). */
async function exportUnsynced(account: string): Promise<number> {
  const entries = (await entriesOf(offlineDb(), account)).filter((e) => isUnsynced(e.status));
  const file = { app: 'SalesDesk', kind: 'unsynced-entries', account, exportedAt: new Date().toISOString(), entries };
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `salesdesk-unsynced-${account}-${dayjs().format('YYYYMMDD-HHmmss')}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return entries.length;
}

export default function OutboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useSession()?.number ?? '';
  const entries = useOutboxEntries();
  const others = useOtherAccountsWaiting();
  const { network, paused } = useSyncStatus();
  const { confirm, dialog } = useConfirm();
  const [conflictId, setConflictId] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [storage, setStorage] = useState<{ usage: number; quota: number } | null>(null);

  const count = entries?.length ?? 0;
  useEffect(() => {
    let alive = true;
    void navigator.storage
      ?.estimate?.()
      .then((s) => alive && s.quota && setStorage({ usage: s.usage ?? 0, quota: s.quota }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [count]);

  async function syncNow() {
    setSyncing(true);
    try {
      await appEngine().syncNow();
    } finally {
      setSyncing(false);
    }
  }

  async function retry(e: OutboxEntry) {
    await retryEntry(offlineDb(), e.id);
    void appEngine().syncNow();
  }

  async function discard(e: OutboxEntry) {
    if (await confirm(t('offline.outbox.discardConfirm', { label: e.label }))) await discardEntry(offlineDb(), e.id);
  }

  const unsynced = (entries ?? []).filter((x) => isUnsynced(x.status)).length;
  const ratio = storage ? storage.usage / storage.quota : 0;

  return (
    <Stack gap="md" data-testid="outbox-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('offline.outbox.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<Icon name="refresh" size={16} />} onClick={() => void syncNow()} loading={syncing} disabled={paused} data-testid="outbox-sync-now">
            {t('offline.outbox.syncNow')}
          </Button>
          <Button
            variant="default"
            onClick={() => void exportUnsynced(account).then((n) => showInfo('offline.outbox.exported', { count: n }))}
            disabled={unsynced === 0}
            data-testid="outbox-export"
          >
            {t('offline.outbox.export')}
          </Button>
        </Group>
      </Group>

      <Text size="sm" c="dimmed">
        {t('offline.outbox.intro')}
      </Text>

      <Group gap="xs" data-testid="outbox-network">
        <Badge color={network === 'online' ? 'green' : network === 'offline' ? 'yellow' : 'orange'} variant="light">
          {t(`offline.status.${network}`)}
        </Badge>
      </Group>

      {paused && (
        <Alert color="red" variant="light" icon={<Icon name="lock" />} data-testid="outbox-paused">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('offline.paused.text')}</Text>
            <Button size="xs" color="red" onClick={() => signInAgain(navigate)}>
              {t('offline.paused.signIn')}
            </Button>
          </Group>
        </Alert>
      )}

      {others.map((o) => (
        <Alert key={o.account} color="gray" variant="light" data-testid="outbox-other-account">
          {t('offline.outbox.others', { count: o.count, account: o.account })}
        </Alert>
      ))}

      <Paper withBorder p={0}>
        <Table.ScrollContainer minWidth={940}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('offline.outbox.label')}</Table.Th>
                <Table.Th>{t('offline.outbox.kind')}</Table.Th>
                <Table.Th>{t('offline.outbox.status')}</Table.Th>
                <Table.Th>{t('offline.outbox.actions')}</Table.Th>
                <Table.Th>{t('offline.outbox.message')}</Table.Th>
                <Table.Th>{t('offline.outbox.time')}</Table.Th>
                <Table.Th ta="right">{t('offline.outbox.attempts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries !== undefined && entries.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center" py="md" data-testid="outbox-empty">
                      {t('offline.outbox.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {(entries ?? []).map((e) => (
                <Table.Tr key={e.id} data-testid="outbox-row" data-status={e.status} data-entry-id={e.id}>
                  <Table.Td fw={500} style={{ whiteSpace: 'normal' }} miw={140}>
                    {e.label}
                  </Table.Td>
                  <Table.Td>
                    {t(`offline.kind.${e.kind}`)} · {t(`offline.op.${e.op}`)}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[e.status]} style={{ minWidth: 'max-content' }}>
                      {t(`offline.entryStatus.${e.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {e.status === 'failed' && (
                        <Button size="compact-xs" variant="light" onClick={() => void retry(e)} data-testid="outbox-retry">
                          {t('offline.outbox.retry')}
                        </Button>
                      )}
                      {e.status === 'conflict' && (
                        <Button size="compact-xs" color="orange" onClick={() => setConflictId(e.id)} data-testid="outbox-resolve">
                          {t('offline.outbox.resolve')}
                        </Button>
                      )}
                      {isUnsynced(e.status) && e.status !== 'sending' && (
                        <Button size="compact-xs" variant="default" onClick={() => void navigate(entryPath(e))} data-testid="outbox-open">
                          {t('offline.outbox.open')}
                        </Button>
                      )}
                      {isUnsynced(e.status) && e.status !== 'sending' && (
                        <Button size="compact-xs" color="red" variant="subtle" onClick={() => void discard(e)} data-testid="outbox-discard">
                          {t('offline.outbox.discard')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td miw={220} style={{ whiteSpace: 'normal' }}>
                    {errorLines(e).map((l, i) => (
                      <Text key={i} size="xs" c={e.status === 'pending' ? 'dimmed' : 'red'}>
                        {l}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(e.updatedAt).format('YYYY-MM-DD HH:mm:ss')}</Table.Td>
                  <Table.Td ta="right">{e.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Stack gap={4} data-testid="outbox-storage">
        <Text size="sm" c="dimmed">
          {storage
            ? t('offline.outbox.storage', { used: mb(storage.usage), quota: mb(storage.quota), percent: Math.round(ratio * 100) })
            : t('offline.outbox.storageUnknown')}
        </Text>
        {storage && ratio > STORAGE_WARN_RATIO && (
          <Alert color="orange" variant="light" icon={<Icon name="alert" />} data-testid="outbox-storage-warning">
            {t('offline.outbox.storageWarning')}
          </Alert>
        )}
      </Stack>

      <ConflictDialog entryId={conflictId} onClose={() => setConflictId(null)} />
      {dialog}
    </Stack>
  );
}
