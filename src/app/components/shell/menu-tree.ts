// Look-ups in the stored side-menu tree: the entry of a path, of a route name, and the chain of parents of an entry.
import type { CurrentMenu, MenuNode } from '@/shared/contracts/menu';

function* walk(nodes: MenuNode[]): Generator<MenuNode> {
  for (const n of nodes) {
    yield n;
    yield* walk(n.submenuList ?? []);
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The side-menu entry that opens a path (case-insensitive), if the user has one. */
export function findByPath(tree: MenuNode[], path: string): MenuNode | undefined {
  if (!path || path === '/') return undefined;
  for (const n of walk(tree)) if (n.routePath && n.routeComponent && same(n.routePath, path)) return n;
  return undefined;
}

/** The side-menu entry with a route name (a child route's routeParentName names its screen). */
export function findByRouteName(tree: MenuNode[], routeName: string): MenuNode | undefined {
  if (!routeName) return undefined;
  for (const n of walk(tree)) if (n.routeName && same(n.routeName, routeName)) return n;
  return undefined;
}

/** Ids of the entry and all its parents. */
export function ancestorIds(tree: MenuNode[], id: number | undefined): Set<number> {
  const out = new Set<number>();
  const visit = (nodes: MenuNode[], trail: number[]): boolean => {
    for (const n of nodes) {
      if (n.id === id) {
        [...trail, n.id].forEach((x) => out.add(x));
        return true;
      }
      if (visit(n.submenuList ?? [], [...trail, n.id])) return true;
    }
    return false;
  };
  if (id !== undefined) visit(tree, []);
  return out;
}

export function toCurrentMenu(n: MenuNode): CurrentMenu {
  return {
    id: n.id,
    routeComponent: n.routeComponent,
    routePath: n.routePath,
    routeName: n.routeName,
    routeParentName: n.routeParentName,
    menuNameEN: n.menuNameEN,
    menuNameZHTW: n.menuNameZHTW,
    menuNameZHCN: n.menuNameZHCN,
  };
}

/** The side-menu entry to highlight for a path: its own entry, or for a child route (a button route) its parent screen. */
export function activeEntry(tree: MenuNode[], path: string, known: Record<string, CurrentMenu> = {}): MenuNode | undefined {
  const own = findByPath(tree, path);
  if (own) return own;
  const child = known[path.toLowerCase()];
  return child ? findByRouteName(tree, child.routeParentName) : undefined;
}
