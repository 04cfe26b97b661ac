// Full-message pages: the 401 and 404 pages (spec part 1 §2), the router's error page, and the loading state of a screen.
import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

export function StatusPage(props: { code?: string; icon: string; title: string; text: string; action?: ReactNode; testId?: string }) {
  return (
    <Center mih="60vh" px="md" data-testid={props.testId}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="indigo">
          <Icon name={props.icon} size={34} />
        </ThemeIcon>
        {props.code && (
          <Text fz={48} fw={800} c="indigo.7" lh={1}>
            {props.code}
          </Text>
        )}
        <Title order={2}>{props.title}</Title>
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

/** Shown by the router when a screen throws while rendering or its code cannot be loaded (e.g. after an update). */
export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  if (import.meta.env.DEV) console.error(err);
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
