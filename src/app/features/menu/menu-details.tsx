// /MenuDetails?id: a menu entry read-only with a Return button (spec part 2 §2 Menus).
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { CrudDetail } from '@/app/components/crud/crud-detail';
import { getMenuById, type MenuItem } from '@/shared/contracts/menu';

export default function MenuDetails() {
  const { t } = useTranslation();
  const yesNo = (b: boolean) => t(b ? 'common.yes' : 'common.no');
  return (
    <CrudDetail<MenuItem>
      entity="menu"
      listPath="/MenuList"
      keyParam="id"
      load={(id) => call(getMenuById, { id })}
      fields={[
        { key: 'type', render: (r) => t(`pages.menu.types.${r.type}`, { defaultValue: String(r.type) }) },
        { key: 'menuNameEN' },
        { key: 'menuNameZHTW' },
        { key: 'menuNameZHCN' },
        { key: 'icon' },
        { key: 'routePath' },
        { key: 'routeName' },
        { key: 'routeComponent' },
        { key: 'routeParentName' },
        { key: 'sort' },
        { key: 'noRequiresAuth', render: (r) => yesNo(r.noRequiresAuth) },
        { key: 'isData', render: (r) => yesNo(r.isData) },
        { key: 'isDisabled', render: (r) => yesNo(r.isDisabled) },
      ]}
    />
  );
}
