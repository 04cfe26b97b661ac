// Settles a conflict entry (DESIGN §6: conflicts are shown, not resolved silently): the device's entry beside the
// server's record, and three ways out — open the server's record (the entry stays), overwrite it with the device's
// values (the entry becomes an edit of that record at the version the server holds now), or discard the device's entry.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { getSalesDataById, getWeekSalesData } from '@/shared/contracts/sales-data';
import { getSalesTargetById } from '@/shared/contracts/sales-target';
import { call } from '@/app/api/client';
import { getToken } from '@/app/session/session';
import { errorText } from '@/app/components/feedback/feedback';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { appEngine, callTransport } from './app-sync';
import { offlineDb } from './db';
import { summarizePayload, summarizeRecord, recordPath, type ServerRecord, type Summary } from './entry-view';
import { discardEntry, overwriteEntry } from './outbox';
import { findExisting } from './sync-engine';
import type { EntryKind, OutboxEntry } from './types';

/** The server's record of a conflict, read now (its version is what an overwrite is based on). */
export async function loadServerRecord(kind: EntryKind, id: number): Promise<ServerRecord> {
  const opts = { noGlobalRouting: true };
  if (kind === 'weekSales') return call(getWeekSalesData, { id }, opts);
  if (kind === 'salesData') return call(getSalesDataById, { id }, opts);
  return call(getSalesTargetById, { id }, opts);
}

/** The server id of a conflict; looked up again when the engine could not find it (e.g. the reply was lost). */
async function serverIdOf(e: OutboxEntry): Promise<number | null> {
  if (e.conflict?.serverId) return e.conflict.serverId;
  if (e.conflict?.reason === 'stale') return Number((e.payload as { id?: unknown }).id ?? 0) || null;
  const token = getToken();
  const found = await findExisting(e, (ep, input) => callTransport(ep, input, { token }));
  const rec = found.ok ? found.record : null;
  if (rec?.id) {
    await offlineDb().outbox.update(e.id, { conflict: { reason: e.conflict?.reason ?? 'exists', serverId: rec.id, serverVersion: rec.version } });
    return rec.id;
  }
  return null;
}

type Server = { state: 'loading' } | { state: 'ok'; id: number; record: ServerRecord } | { state: 'none' } | { state: 'error'; text: string };

const FIELDS: Array<keyof Summary> = ['country', 'period', 'rule', 'rows', 'quantity', 'amount', 'status', 'version', 'by', 'at'];

export function ConflictDialog({ entryId, onClose }: { entryId: string | null; onClose(result: 'overwritten' | 'discarded' | 'opened' | 'closed'): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const entry = useLiveQuery(async () => (entryId ? ((await offlineDb().outbox.get(entryId)) ?? null) : null), [entryId]);
  const [server, setServer] = useState<Server>({ state: 'loading' });
  const [busy, setBusy] = useState<'overwrite' | 'discard' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const isConflict = entry?.status === 'conflict';
  useEffect(() => {
    setServer({ state: 'loading' });
    setError(null);
    if (!entry || !isConflict) return;
    let alive = true;
    void (async () => {
      try {
        const id = await serverIdOf(entry);
        if (!alive) return;
        if (!id) return setServer({ state: 'none' });
        const record = await loadServerRecord(entry.kind, id);
        if (alive) setServer({ state: 'ok', id, record });
      } catch (err) {
        if (alive) setServer({ state: 'error', text: errorText(err) });
      }
    })();
    return () => {
      alive = false;
    };
  }, [entry?.id, isConflict, entry?.conflict?.serverId]);

  const close = (r: 'overwritten' | 'discarded' | 'opened' | 'closed') => {
    if (!busy) onClose(r);
  };

  async function overwrite() {
    if (!entry || server.state !== 'ok' || !(await confirm(t('offline.conflict.overwriteConfirm')))) return;
    setBusy('overwrite');
    setError(null);
    try {
      // The version the server holds now, not the one seen when the dialog opened.
      const fresh = await loadServerRecord(entry.kind, server.id);
      await overwriteEntry(offlineDb(), entry.id, server.id, fresh.version);
      void appEngine().syncNow();
      setBusy(null);
      onClose('overwritten');
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  }

  async function discard() {
    if (!entry || !(await confirm(t('offline.conflict.discardConfirm')))) return;
    setBusy('discard');
    await discardEntry(offlineDb(), entry.id);
    setBusy(null);
    onClose('discarded');
  }

  function open() {
    if (!entry || server.state !== 'ok') return;
    void navigate(recordPath(entry.kind, server.id, entry.payload));
    onClose('opened');
  }

  const mine = entry ? summarizePayload(entry.kind, entry.payload) : null;
  const theirs = entry && server.state === 'ok' ? summarizeRecord(entry.kind, server.record) : null;
  const show = (f: keyof Summary, v: Summary[keyof Summary] | undefined) => {
    if (v === null || v === undefined || v === '') return '—';
    if (f === 'rule') return t(`offline.rule.${v}`, { defaultValue: String(v) });
    if (f === 'status' && entry?.kind === 'salesTarget') return t(`offline.targetStatus.${v}`, { defaultValue: String(v) });
    if (f === 'amount') return Number(v).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (f === 'at') return dayjs(String(v)).isValid() ? dayjs(String(v)).format('YYYY-MM-DD HH:mm') : String(v);
    return String(v);
  };

  return (
    <>
      <Modal opened={entryId !== null} onClose={() => close('closed')} title={t('offline.conflict.title')} size="lg" centered data-testid="conflict-dialog">
        {entry === undefined ? (
          <Loader size="sm" />
        ) : !entry || !isConflict ? (
          <Stack>
            <Text size="sm">{t('offline.conflict.settled')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => close('closed')}>
                {t('common.close')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {entry.label}
            </Text>
            <Text size="sm">{t(entry.conflict?.reason === 'stale' ? 'offline.conflict.staleText' : 'offline.conflict.existsText')}</Text>
            {server.state === 'none' && (
              <Alert color="yellow" variant="light">
                {t('offline.conflict.noServerRecord')}
              </Alert>
            )}
            {server.state === 'error' && (
              <Alert color="red" variant="light">
                {server.text}
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" data-testid="conflict-error">
                {error}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={420}>
              <Table withTableBorder withColumnBorders fz="sm" data-testid="conflict-compare">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    <Table.Th>{t('offline.conflict.device')}</Table.Th>
                    <Table.Th>{t('offline.conflict.server')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {FIELDS.filter((f) => (mine?.[f] ?? null) !== null || (theirs?.[f] ?? null) !== null || f === 'version').map((f) => (
                    <Table.Tr key={f}>
                      <Table.Th scope="row">{t(`offline.summary.${f}`)}</Table.Th>
                      <Table.Td data-testid={`conflict-device-${f}`}>{f === 'at' ? dayjs(entry.createdAt).format('YYYY-MM-DD HH:mm') : f === 'by' ? entry.account : show(f, mine?.[f])}</Table.Td>
                      <Table.Td data-testid={`conflict-server-${f}`}>{server.state === 'loading' ? <Loader size="xs" /> : show(f, theirs?.[f])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end" gap="xs" wrap="wrap">
              <Button variant="default" onClick={() => close('closed')} disabled={!!busy}>
                {t('common.close')}
              </Button>
              <Button variant="light" onClick={open} disabled={server.state !== 'ok' || !!busy} data-testid="conflict-open">
                {t('offline.conflict.open')}
              </Button>
              <Button color="orange" onClick={() => void overwrite()} disabled={server.state !== 'ok' || !!busy} loading={busy === 'overwrite'} data-testid="conflict-overwrite">
                {t('offline.conflict.overwrite')}
              </Button>
              <Button color="red" variant="light" onClick={() => void discard()} disabled={!!busy} loading={busy === 'discard'} data-testid="conflict-discard">
                {t('offline.conflict.discard')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {dialog}
    </>
  );
}
