// The menu entry of the screen being shown, for the screen itself (title, breadcrumb) through useCurrentMenu().
import { createContext, useContext } from 'react';
import type { CurrentMenu } from '@/shared/contracts/menu';
import { menuName } from '@/app/i18n/i18n';

export const CurrentMenuContext = createContext<CurrentMenu | null>(null);

/** The menu entry (routeComponent, routePath, routeName, routeParentName, names) of the current screen, or null on fixed pages. */
export const useCurrentMenu = (): CurrentMenu | null => useContext(CurrentMenuContext);

/** The current screen's menu name in the user's language ('' on fixed pages). */
export function useMenuTitle(): string {
  const m = useCurrentMenu();
  return m ? menuName(m) : '';
}
