// The side menu (spec part 2 "Side menu", part 3 §2.8): the stored granted tree in the user's language, nested,
// groups 1, 69, 331 and 451 open by default (and the group of the current screen), the current screen highlighted.
// Group headers are buttons (Tab reaches them, Enter and Space open and close them, aria-expanded says which).
import { useMemo, useState } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@/shared/contracts/menu';
import { OPEN_MENU_GROUPS } from '@/shared/domain/constants';
import { menuName } from '@/app/i18n/i18n';
import { useSession } from '@/app/session/session';
import { Icon } from './icons';
import { activeEntry, ancestorIds } from './menu-tree';

const openByDefault = new Set<number>(OPEN_MENU_GROUPS);

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const tree = useMemo(() => session?.sideMenuList ?? [], [session?.sideMenuList]);
  const active = useMemo(() => activeEntry(tree, pathname, session?.routes), [tree, pathname, session?.routes]);
  const openIds = useMemo(() => ancestorIds(tree, active?.id), [tree, active]);
  // Groups the user opened or closed; the others follow the defaults and the current screen.
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const isOpen = (id: number) => toggled[id] ?? (openByDefault.has(id) || openIds.has(id));

  const render = (nodes: MenuNode[], depth: number) =>
    nodes.map((n) => {
      const label = menuName(n);
      const icon = depth === 0 ? <Icon name={n.icon || 'dot'} /> : undefined;
      if (n.submenuList?.length) {
        return (
          <NavLink
            key={n.id}
            component="button"
            type="button"
            label={label}
            leftSection={icon}
            opened={isOpen(n.id)}
            onChange={(opened) => setToggled((t) => ({ ...t, [n.id]: opened }))}
            aria-expanded={isOpen(n.id)}
            childrenOffset={28}
            fw={depth === 0 ? 600 : undefined}
            data-menu-id={n.id}
          >
            {render(n.submenuList, depth + 1)}
          </NavLink>
        );
      }
      if (!n.routePath) return <NavLink key={n.id} label={label} leftSection={icon} disabled />;
      return (
        <NavLink
          key={n.id}
          component={Link}
          to={n.routePath}
          label={label}
          leftSection={icon}
          active={active?.id === n.id}
          aria-current={active?.id === n.id ? 'page' : undefined}
          onClick={onNavigate}
          data-menu-id={n.id}
        />
      );
    });

  return (
    <ScrollArea type="auto" h="100%" component="nav" aria-label={t('shell.mainMenu')} data-testid="side-menu">
      <NavLink
        component={Link}
        to="/"
        label={t('shell.home')}
        leftSection={<Icon name="home" />}
        active={pathname === '/'}
        onClick={onNavigate}
        fw={600}
      />
      {render(tree, 0)}
    </ScrollArea>
  );
}
