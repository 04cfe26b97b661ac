// The top bar (spec part 3 §2.8): side-menu toggle, app name, language dropdown (stores and reloads), user dropdown
// (Change password, Logout), and the offline sync state (which also runs the sync engine while signed in).
import { Avatar, Burger, Group, Menu, Text, UnstyledButton, Button } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/shared/domain/constants';
import { currentLanguage, LANGUAGE_NAMES, switchLanguage } from '@/app/i18n/i18n';
import { useSession } from '@/app/session/session';
import { SyncStatus } from '@/app/offline/sync-status';
import { Icon } from './icons';
import { signOut } from './session-actions';

export function AppLogo({ size = 28 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" />;
}

export function TopBar(props: { mobileOpened: boolean; desktopOpened: boolean; onToggleMobile(): void; onToggleDesktop(): void; onChangePassword(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const initials = (session?.name || session?.number || '?')
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={props.mobileOpened}
          onClick={props.onToggleMobile}
          hiddenFrom="md"
          size="sm"
          aria-label={t('shell.toggleMenu')}
          aria-expanded={props.mobileOpened}
        />
        {/* On wide screens the menu is beside the page: the toggle keeps its three lines and says its state in aria-expanded. */}
        <Burger
          opened={false}
          onClick={props.onToggleDesktop}
          visibleFrom="md"
          size="sm"
          aria-label={t('shell.toggleMenu')}
          aria-expanded={props.desktopOpened}
        />
        <UnstyledButton component={Link} to="/" aria-label={t('shell.home')}>
          <Group gap={8} wrap="nowrap">
            <AppLogo />
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('common.appName')}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {/* Online / offline / server unreachable and this account's waiting, failed and conflicting entries (DESIGN §6). */}
        <SyncStatus />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="gray" leftSection={<Icon name="language" />} aria-label={t('shell.language')} data-testid="language-menu">
              <Text size="sm" visibleFrom="sm" component="span">
                {LANGUAGE_NAMES[lang]}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('shell.language')}</Menu.Label>
            {LANGUAGES.map((l) => (
              <Menu.Item
                key={l}
                onClick={() => l !== lang && switchLanguage(l)}
                rightSection={l === lang ? '✓' : undefined}
                lang={l === 'zh-tw' ? 'zh-TW' : 'en'}
              >
                {LANGUAGE_NAMES[l]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>

        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('shell.userMenu')} data-testid="user-menu" px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Group gap={8} wrap="nowrap">
                <Avatar color="indigo" radius="xl" size={30}>
                  {initials}
                </Avatar>
                <div style={{ lineHeight: 1.1 }}>
                  <Text size="sm" fw={500} visibleFrom="sm">
                    {session?.name}
                  </Text>
                  <Text size="xs" c="dimmed" visibleFrom="sm">
                    {session?.number}
                    {session?.companyNumber ? ` · ${session.companyNumber}` : ''}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<Icon name="key" size={16} />} onClick={props.onChangePassword}>
              {t('shell.changePassword')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<Icon name="logout" size={16} />} color="red" onClick={() => void signOut(navigate)}>
              {t('shell.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
