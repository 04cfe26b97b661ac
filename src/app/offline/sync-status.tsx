// The top bar's sync state (DESIGN §6): offline / server unreachable, the signed-in account's waiting, failed and
// conflicting entries (a click opens /Outbox), and "Sign in to sync" when the session was refused while sending.
// Mounting it runs the app's sync engine (the top bar is on every signed-in screen); it also says once per pause that
// the queue waits for a sign-in.
import { useEffect, useRef } from 'react';
import { Badge, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { markSessionEnded } from '@/app/session/session';
import { Icon } from '@/app/components/shell/icons';
import { hideNotification, notify } from '@/app/components/feedback/notifications';
import { startAppSync } from './app-sync';
import { useSyncStatus } from './hooks';

type Navigate = ReturnType<typeof useNavigate>;

/** To the login screen and back here after it; the queue resumes once the same account signs in. Nothing is cleared. */
export function signInAgain(navigate: Navigate) {
  const here = window.location.pathname + window.location.search;
  markSessionEnded();
  void navigate(`/login?redirect=${encodeURIComponent(here)}`);
}

export function SyncStatus() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { network, paused, counts } = useSyncStatus();
  const toast = useRef<string | null>(null);

  useEffect(() => {
    const stop = startAppSync();
    return () => {
      stop();
      // Leaving the signed-in screens (to the login screen): the prompt has done its job.
      if (toast.current) hideNotification(toast.current);
      toast.current = null;
    };
  }, []);

  useEffect(() => {
    if (paused && !toast.current) {
      toast.current = notify({
        color: 'yellow',
        message: t('offline.paused.text'),
        autoClose: false,
        action: { label: t('offline.paused.signIn'), onClick: () => signInAgain(navigate) },
      });
    } else if (!paused && toast.current) {
      hideNotification(toast.current);
      toast.current = null;
    }
  }, [paused]);

  const waiting = counts.pending + counts.failed + counts.conflict;
  const summary = [
    t(`offline.status.${network}`),
    counts.pending ? t('offline.status.pendingCount', { count: counts.pending }) : null,
    counts.failed ? t('offline.status.failedCount', { count: counts.failed }) : null,
    counts.conflict ? t('offline.status.conflictCount', { count: counts.conflict }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Group gap={6} wrap="nowrap">
      {paused && (
        <Button size="compact-sm" color="red" variant="light" leftSection={<Icon name="lock" size={14} />} onClick={() => signInAgain(navigate)} data-testid="sync-sign-in">
          <Text span size="xs" fw={600} visibleFrom="md">
            {t('offline.paused.signIn')}
          </Text>
        </Button>
      )}
      <Tooltip label={summary} withinPortal>
        <UnstyledButton
          component={Link}
          to="/Outbox"
          aria-label={`${t('offline.outbox.title')}: ${summary}`}
          data-testid="sync-status"
          data-network={network}
          px={4}
          py={2}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={4} wrap="nowrap">
            {network === 'offline' ? (
              <Badge color="yellow" variant="light" leftSection={<Icon name="wifi-off" size={12} />}>
                {t('shell.offline')}
              </Badge>
            ) : network === 'unreachable' ? (
              <Badge color="orange" variant="light" leftSection={<Icon name="alert" size={12} />}>
                <Text span inherit visibleFrom="md">
                  {t('offline.status.unreachable')}
                </Text>
              </Badge>
            ) : (
              !waiting && (
                <Badge color="green" variant="dot" styles={{ root: { borderColor: 'transparent' } }}>
                  <Text span inherit visibleFrom="md">
                    {t('offline.status.online')}
                  </Text>
                </Badge>
              )
            )}
            {counts.pending > 0 && (
              <Badge color="blue" variant="light" leftSection={<Icon name="refresh" size={12} />} data-testid="sync-pending">
                {counts.pending}
              </Badge>
            )}
            {counts.failed > 0 && (
              <Badge color="red" variant="filled" leftSection={<Icon name="alert" size={12} />} data-testid="sync-failed">
                {counts.failed}
              </Badge>
            )}
            {counts.conflict > 0 && (
              <Badge color="orange" variant="filled" leftSection={<Icon name="dot" size={12} />} data-testid="sync-conflict">
                {counts.conflict}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}
