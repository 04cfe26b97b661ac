// /MenuList: the top-level menu entries (spec part 2 §2 Menus).
import { MenuTable } from './menu-table';

export default function MenuList() {
  return <MenuTable screen="MenuList" />;
}
