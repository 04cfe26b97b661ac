// Home (/): a welcome with the user's account, company and department, and the screens the user's menus grant.
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@/shared/contracts/menu';
import { menuName } from '@/app/i18n/i18n';
import { useSession } from '@/app/session/session';
import { PageBreadcrumb } from '@/app/components/shell/breadcrumb';
import { Icon } from '@/app/components/shell/icons';

const screensOf = (n: MenuNode): MenuNode[] =>
  n.submenuList.flatMap((c) => (c.submenuList.length ? screensOf(c) : c.routePath ? [c] : []));

export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const company = session.companyName
    ? `${session.companyName}${session.companyNumber ? ` (${session.companyNumber})` : ''}`
    : (session.companyNumber ?? t('home.noCompany'));
  const groups = session.sideMenuList.filter((g) => g.submenuList.length);

  return (
    <Stack gap="lg">
      <PageBreadcrumb />
      <Card withBorder radius="md" p="lg">
        <Title order={2} data-testid="home-welcome">
          {t('home.welcome', { name: session.name || session.number })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('home.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('home.account')}
            </Text>
            <Text>{session.number}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('home.company')}
            </Text>
            <Text data-testid="home-company">{company}</Text>
          </div>
          {session.departmentName && (
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('home.department')}
              </Text>
              <Text>{session.departmentName}</Text>
            </div>
          )}
        </SimpleGrid>
      </Card>

      {groups.length > 0 && (
        <>
          <Title order={3} fz="h4">
            {t('home.yourScreens')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {groups.map((g) => (
              <Card key={g.id} withBorder radius="md">
                <Group gap="sm" mb="xs">
                  <ThemeIcon variant="light" color="indigo" radius="md">
                    <Icon name={g.icon || 'dot'} />
                  </ThemeIcon>
                  <Text fw={600}>{menuName(g)}</Text>
                </Group>
                <Stack gap={4}>
                  {screensOf(g).map((s) => (
                    <Anchor key={s.id} component={Link} to={s.routePath} size="sm">
                      {menuName(s)}
                    </Anchor>
                  ))}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
