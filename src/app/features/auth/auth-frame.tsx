// The frame of the screens used before sign-in (login, password reset): a centred card with the app name and a copyright footer.
import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center style={{ flex: 1 }} px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Group gap={10} justify="center">
            <img src="/favicon.svg" width={40} height={40} alt="" aria-hidden="true" />
            <Text fw={800} fz={28} c="indigo.8">
              {t('common.appName')}
            </Text>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Title order={2} fz="h3" mb={subtitle ? 4 : 'md'}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mb="lg">
                {subtitle}
              </Text>
            )}
            {children}
          </Paper>
        </Stack>
      </Center>
      <Text component="footer" size="xs" c="dimmed" ta="center" py="md" data-testid="copyright">
        {t('common.copyright', { year: new Date().getFullYear() })}
      </Text>
    </Box>
  );
}
