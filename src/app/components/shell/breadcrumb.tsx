// The breadcrumb every screen shows (spec part 1 §2): Home, then for a child route (a button's route such as /AddProduct)
// its parent screen as a link, then the entry's own name.
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentMenu } from '@/shared/contracts/menu';
import { menuName } from '@/app/i18n/i18n';
import { useSession } from '@/app/session/session';
import { findByRouteName } from './menu-tree';

export interface Crumb {
  label: string;
  to?: string;
}

/** The crumbs after Home for a menu entry. */
export function crumbsFor(entry: CurrentMenu, parent: { routePath: string; menuNameEN: string; menuNameZHTW: string } | undefined): Crumb[] {
  const own = { label: menuName(entry) };
  if (!parent || parent.routePath.toLowerCase() === entry.routePath.toLowerCase()) return [own];
  return [{ label: menuName(parent), to: parent.routePath }, own];
}

export function PageBreadcrumb({ entry, title }: { entry?: CurrentMenu | null; title?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  let crumbs: Crumb[] = [];
  if (entry) {
    const parentName = entry.routeParentName && entry.routeParentName.toLowerCase() !== 'home' ? entry.routeParentName : '';
    crumbs = crumbsFor(entry, parentName ? findByRouteName(session?.sideMenuList ?? [], parentName) : undefined);
  } else if (title) crumbs = [{ label: title }];
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumb')} mb="md" separatorMargin={6} data-testid="breadcrumb">
      {crumbs.length ? (
        <Anchor component={Link} to="/" size="sm">
          {t('shell.home')}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" aria-current="page">
          {t('shell.home')}
        </Text>
      )}
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <Anchor key={c.label} component={Link} to={c.to} size="sm">
            {c.label}
          </Anchor>
        ) : (
          <Text key={c.label} size="sm" c="dimmed" aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
            {c.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
