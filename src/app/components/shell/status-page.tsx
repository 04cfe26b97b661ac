// Full-message pages: the 401 and 404 pages (spec part 1 §2), the router's error page, the loading state of a screen,
// the "coming soon" page of a menu entry whose screen is not built yet, and the offline state (DESIGN §6: everything
// outside sales entry needs the network and says so) shown instead of /404 when a route cannot be looked up, instead
// of "No data" when a list cannot load, and when a screen's code cannot be fetched.
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/app/api/client';
import { Icon } from './icons';

export function StatusPage(props: {
  code?: string;
  icon: string;
  title: string;
  text: string;
  action?: ReactNode;
  testId?: string;
  /** Inside a screen (under its filters) rather than the whole page. */
  compact?: boolean;
}) {
  return (
    <Center mih={props.compact ? 220 : '60vh'} px="md" py={props.compact ? 'xl' : undefined} data-testid={props.testId}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={props.compact ? 48 : 64} radius="xl" variant="light" color="indigo">
          <Icon name={props.icon} size={props.compact ? 26 : 34} />
        </ThemeIcon>
        {props.code && (
          <Text fz={48} fw={800} c="indigo.7" lh={1}>
            {props.code}
          </Text>
        )}
        <Title order={props.compact ? 3 : 2}>{props.title}</Title>
        <Text c="dimmed">{props.text}</Text>
        {props.action}
      </Stack>
    </Center>
  );
}

/** The Return button of the error pages: back to Home (/). */
export function ReturnHome() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/" mt="md">
      {t('common.return')}
    </Button>
  );
}

/** A failure that means "the server cannot be reached": a network ApiError, or a lazy screen whose chunk did not load. */
export function isOfflineError(err: unknown): boolean {
  if (err instanceof ApiError) return err.kind === 'network';
  if (err instanceof Error) {
    // Chromium, Firefox and Safari word a failed dynamic import differently.
    if (/dynamically imported module|importing a module script failed/i.test(err.message)) return true;
    if (err.name === 'ChunkLoadError') return true;
  }
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The react-query fields the offline rule reads (a UseQueryResult has them). */
export interface QueryLike {
  isPaused: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch(): unknown;
}

/**
 * The offline rule of every load through react-query: held back while the browser says it is offline (paused), or
 * gone out and failed for want of a server (a network error). `retry` and `busy` feed the offline state's Retry.
 */
export function queryOffline(q: QueryLike) {
  return { offline: q.isPaused || (q.isError && isOfflineError(q.error)), retry: () => void q.refetch(), busy: q.isFetching };
}

/** Calls `retry` when the browser says the connection is back. */
export function useRetryWhenOnline(retry: () => void, active = true) {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (!active) return;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [active]);
}

const reloadPage = () => window.location.reload();

/**
 * The offline state of a screen: what happened, that it needs the server, and Retry (also run when back online).
 * `compact` fits a part of a screen (a table, a dialog); `inline` is one line for a small panel.
 */
export function OfflineState({ onRetry = reloadPage, compact, inline, busy }: { onRetry?: () => void; compact?: boolean; inline?: boolean; busy?: boolean }) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  if (inline) {
    return (
      <Group gap="sm" wrap="nowrap" py={4} data-testid="offline-state">
        <ThemeIcon size={32} radius="xl" variant="light" color="indigo">
          <Icon name="wifi-off" size={18} />
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {t('shell.offlineTitle')}
        </Text>
        <Button variant="light" size="compact-sm" leftSection={<Icon name="refresh" size={14} />} onClick={onRetry} loading={busy} data-testid="offline-retry">
          {t('shell.offlineRetry')}
        </Button>
      </Group>
    );
  }
  return (
    <StatusPage
      icon="wifi-off"
      title={t('shell.offlineTitle')}
      text={t('shell.offlineText')}
      compact={compact}
      action={
        <Button mt="md" leftSection={<Icon name="refresh" />} onClick={onRetry} loading={busy} data-testid="offline-retry">
          {t('shell.offlineRetry')}
        </Button>
      }
      testId="offline-state"
    />
  );
}

/** A note over data shown from this page's cache while the server cannot be reached. */
export function OfflineNote({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  return (
    <Alert color="yellow" variant="light" icon={<Icon name="wifi-off" />} data-testid="offline-note">
      <Text size="sm" span>
        {t('shell.offlineCached')}
      </Text>{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry} loading={busy} data-testid="offline-retry">
        {t('shell.offlineRetry')}
      </Button>
    </Alert>
  );
}

/** A menu entry whose screen comes in a later version: its name and a note, inside the shell, instead of /404. */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return <StatusPage icon="hourglass" title={name} text={t('shell.comingSoon')} action={<ReturnHome />} testId="coming-soon" />;
}

/** Shown by the router when a screen throws while rendering or its code cannot be loaded (e.g. after an update). */
export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  if (import.meta.env.DEV) console.error(err);
  if (isOfflineError(err)) return <OfflineState />;
  return (
    <StatusPage
      icon="alert"
      title={t('shell.errorTitle')}
      text={t('shell.errorText')}
      action={
        <Button mt="md" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

export function ScreenLoader() {
  return (
    <Center mih="40vh" data-testid="screen-loading">
      <Loader />
    </Center>
  );
}
