// /MenuQuerySubmenu?parentMenuId: the parent's info panel with Add submenu and Back (to /MenuList, or to the
// grandparent's submenus when the parent is not top level), and the parent's submenus (spec part 2 §2 Menus).
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useButtonCheck, type FromState } from '@/app/components/crud/crud-list';
import { queryParam } from '@/app/components/crud/form-logic';
import { MenuTable } from './menu-table';
import { ParentPanel, useParentMenu } from './parent-panel';

export default function MenuQuerySubmenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useButtonCheck();
  const [params] = useSearchParams();
  const parentMenuId = Number(queryParam(params, 'parentMenuId')) || 0;
  const parentMenu = useParentMenu(parentMenuId);
  const { parent } = parentMenu;
  const back = parent?.parentMenuId ? `/MenuQuerySubmenu?parentMenuId=${parent.parentMenuId}` : '/MenuList';
  return (
    <Stack gap="sm">
      <ParentPanel {...parentMenu}>
        {allowed('btn:MenuList.addSubmenu') && (
          <Button
            size="xs"
            variant="outline"
            onClick={() => navigate(`/MenuAddSubmenu?parentMenuId=${parentMenuId}`, { state: { from: location.pathname + location.search } satisfies FromState })}
            data-testid="add-submenu"
          >
            {t('pages.menu.addSubmenu')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={() => navigate(back)} data-testid="back">
          {t('common.back')}
        </Button>
      </ParentPanel>
      {parentMenuId > 0 && <MenuTable key={parentMenuId} screen="MenuQuerySubmenu" parentMenuId={parentMenuId} />}
    </Stack>
  );
}
