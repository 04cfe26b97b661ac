// The side-menu tree and route lookup of getmenusbyuser, from the menu entries a user's roles grant;
// and menu management (spec part 2 §2 Menus, §4, §5): tree for the role form, page, get, add or edit, delete, disable.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ListParams } from '@/shared/contracts/endpoint';
import type { MenuForm, MenuItem, MenuNode, MenuTreeNode } from '@/shared/contracts/menu';
import type { Db, Tx } from '../../db/client';
import { menus, roleMenus } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { grantedMenus } from '../../plugins/permissions';
import { added, countOf, edited, pageOf, pageSlice, toggled } from '../common/query';

type MenuRow = typeof menus.$inferSelect;

export function toNode(m: MenuRow): MenuNode {
  return {
    id: m.id,
    parentMenuId: m.parentMenuId,
    type: m.type,
    menuNameZHCN: m.menuNameZHCN,
    menuNameEN: m.menuNameEN,
    menuNameZHTW: m.menuNameZHTW,
    icon: m.icon,
    routePath: m.routePath,
    routeName: m.routeName,
    routeComponent: m.routeComponent,
    routeParentName: m.routeParentName,
    sort: m.sort,
    isData: m.isData,
    submenuList: [],
  };
}

/** Nests rows by parentMenuId, keeping their order (sort, id). Rows whose parent is absent become roots. */
export function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentMenuId != null ? nodes.get(r.parentMenuId) : undefined;
    if (parent) parent.submenuList.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Menu entries (enabled) the user may use: all for admin; else granted ones, no-requires-auth ones, and the ancestors of both. */
export async function visibleMenus(db: Db, user: AuthUser): Promise<MenuRow[]> {
  const all = await db.select().from(menus).where(eq(menus.isDisabled, false)).orderBy(asc(menus.sort), asc(menus.id));
  if (user.isAdmin) return all;
  const granted = await grantedMenus(db, user);
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const m of all) {
    if (!granted.has(m.id) && !m.noRequiresAuth) continue;
    // An entry is usable only when its whole chain of parents is enabled (disabled ones are not in byId).
    const chain: number[] = [];
    let cur: MenuRow | undefined = m;
    let broken = false;
    for (let depth = 0; cur && depth < 20; depth++) {
      chain.push(cur.id);
      if (cur.parentMenuId == null) break;
      cur = byId.get(cur.parentMenuId);
      if (!cur) broken = true;
    }
    if (broken) continue;
    chain.forEach((id) => keep.add(id));
  }
  return all.filter((m) => keep.has(m.id));
}

/** The entry that opens a route (a screen or a button with a route), if the user may open it. */
export function findRoute(rows: MenuRow[], routePath: string): MenuRow | undefined {
  const p = routePath.toLowerCase();
  return rows.find((m) => m.type !== 3 && m.routeComponent && m.routePath.toLowerCase() === p);
}

export async function routeExists(db: Db, routePath: string): Promise<boolean> {
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(sql`lower(${menus.routePath}) = ${routePath.toLowerCase()} and ${menus.type} <> 3`)
    .limit(1);
  return rows.length > 0;
}

// --- Menu management.

/** Side menus and buttons that are enabled, nested; an entry under a disabled or missing parent is left out. */
export async function menuTree(db: Db): Promise<MenuTreeNode[]> {
  const rows = await db
    .select()
    .from(menus)
    .where(and(eq(menus.isDisabled, false), inArray(menus.type, [1, 2])))
    .orderBy(asc(menus.sort), asc(menus.id));
  const nodes = new Map<number, MenuTreeNode>(
    rows.map((m) => [
      m.id,
      { id: m.id, type: m.type, isData: m.isData, menuNameEN: m.menuNameEN, menuNameZHTW: m.menuNameZHTW, menuNameZHCN: m.menuNameZHCN, submenuList: [] },
    ]),
  );
  const roots: MenuTreeNode[] = [];
  for (const m of rows) {
    const node = nodes.get(m.id)!;
    if (m.parentMenuId == null) roots.push(node);
    else nodes.get(m.parentMenuId)?.submenuList.push(node);
  }
  return roots;
}

const submenuCount = sql<number>`(select count(*)::int from menus s where s.parent_menu_id = menus.id)`;

const item = {
  id: menus.id,
  parentMenuId: menus.parentMenuId,
  code: menus.code,
  type: menus.type,
  menuNameZHCN: menus.menuNameZHCN,
  menuNameEN: menus.menuNameEN,
  menuNameZHTW: menus.menuNameZHTW,
  icon: menus.icon,
  routePath: menus.routePath,
  routeName: menus.routeName,
  routeComponent: menus.routeComponent,
  routeParentName: menus.routeParentName,
  sort: menus.sort,
  noRequiresAuth: menus.noRequiresAuth,
  isData: menus.isData,
  isDisabled: menus.isDisabled,
  submenuCount,
};

/** Entries under a parent (none: the top level), ordered by sort then id. */
export async function menuPage(db: Db, q: ListParams & { isDisabled?: boolean; parentMenuId?: number }) {
  const where = and(
    q.parentMenuId ? eq(menus.parentMenuId, q.parentMenuId) : isNull(menus.parentMenuId),
    q.isDisabled === undefined ? undefined : eq(menus.isDisabled, q.isDisabled),
  );
  const { limit, offset } = pageSlice(q);
  const rows = () => db.select(item).from(menus).where(where).orderBy(asc(menus.sort), asc(menus.id)).limit(limit).offset(offset);
  return pageOf(db, q, rows, countOf(db, menus, where));
}

export async function menuById(db: Db, id: number): Promise<MenuItem> {
  const [row] = await db.select(item).from(menus).where(eq(menus.id, id));
  return row ?? refuse('notFound');
}

/** The parent must exist and be neither the entry itself nor one of its descendants. */
async function assertParent(db: Db, id: number, parentMenuId: number) {
  const all = await db.select({ id: menus.id, parentMenuId: menus.parentMenuId }).from(menus);
  const byId = new Map(all.map((m) => [m.id, m.parentMenuId]));
  if (!byId.has(parentMenuId)) return refuse('menuParentInvalid');
  // Walk up from the parent: meeting the entry means the parent is inside its own subtree.
  let cur: number | null | undefined = parentMenuId;
  for (let depth = 0; cur != null && depth <= all.length; depth++) {
    if (cur === id) return refuse('menuParentInvalid');
    cur = byId.get(cur);
  }
}

/**
 * Menu entries are the permission model, so an administrator who is not the super user must not be able to hand out
 * rights through them (issue 6). The super user alone:
 * - adds, edits, deletes, enables or disables API (type-3) entries, and turns an entry into or out of one: an API
 *   entry is granted through its parent (permissions.ts hasApiGrant), so its path and parent decide who may call it;
 * - sets noRequiresAuth (it opens an entry to every signed-in user) or changes it;
 * - changes isData (clearing it lets everyone see every record of the screen in their country scope);
 * - moves an existing entry to another parent (its holders, and those of its descendants, would see the new
 *   ancestors). A new screen or button may be placed anywhere: no role holds it yet.
 */
function assertMayChange(user: AuthUser, stored: MenuItem | null, input: MenuForm, parentMenuId: number | null) {
  if (user.isAdmin) return;
  const superOnly = stored
    ? stored.type === 3 ||
      input.type === 3 ||
      stored.noRequiresAuth !== input.noRequiresAuth ||
      stored.isData !== input.isData ||
      stored.parentMenuId !== parentMenuId
    : input.type === 3 || input.noRequiresAuth;
  if (superOnly) refuse('menuSuperUserOnly');
}

/**
 * Route paths are unique, case-insensitively: among screens and buttons (a route opens one screen); an API path may
 * appear under several parents (each grants it) but once per parent.
 */
async function assertRouteFree(db: Db | Tx, id: number, type: number, routePath: string, parentMenuId: number | null) {
  const path = routePath.trim().toLowerCase();
  if (!path) return;
  const sameKind =
    type === 3
      ? sql`${menus.type} = 3 and ${menus.parentMenuId} is not distinct from ${parentMenuId}`
      : sql`${menus.type} <> 3`;
  const [dup] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(sql`lower(trim(${menus.routePath})) = ${path} and ${sameKind} and ${menus.id} <> ${id}`)
    .limit(1);
  if (dup) refuse('menuRouteExists');
}

/** Saves a menu entry. The seed's `code` of an entry is never changed here; entries made here have none. */
export async function saveMenu(db: Db, user: AuthUser, input: MenuForm): Promise<number> {
  const stored = input.id ? await menuById(db, input.id) : null;
  const parentMenuId = input.parentMenuId ?? null;
  assertMayChange(user, stored, input, parentMenuId);
  if (parentMenuId !== null) await assertParent(db, input.id, parentMenuId);
  const fields = {
    type: input.type,
    menuNameZHCN: input.menuNameZHCN,
    menuNameEN: input.menuNameEN,
    menuNameZHTW: input.menuNameZHTW,
    icon: input.icon,
    routePath: input.routePath,
    routeName: input.routeName,
    routeComponent: input.routeComponent,
    routeParentName: input.routeParentName,
    sort: input.sort,
    parentMenuId,
    noRequiresAuth: input.noRequiresAuth,
    isData: input.isData,
  };
  // One writer of menus at a time, so two saves cannot both pass the route check.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('menus.route_path'))`);
    await assertRouteFree(tx, input.id, input.type, input.routePath, parentMenuId);
    if (stored) {
      await tx.update(menus).set({ ...fields, ...edited(user) }).where(eq(menus.id, stored.id));
      return stored.id;
    }
    const [row] = await tx.insert(menus).values({ ...fields, code: null, ...added(user) }).returning({ id: menus.id });
    return row.id;
  });
}

/** Refused while the entry has submenus; its grants go with it. */
export async function deleteMenu(db: Db, user: AuthUser, id: number) {
  const stored = await menuById(db, id);
  if (stored.type === 3 && !user.isAdmin) refuse('menuSuperUserOnly');
  const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentMenuId, id)).limit(1);
  if (child) return refuse('menuHasSubmenus');
  await db.transaction(async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.menuId, id));
    await tx.delete(menus).where(eq(menus.id, id));
  });
}

export async function toggleMenu(db: Db, user: AuthUser, id: number, isDisabled: boolean) {
  const stored = await menuById(db, id);
  // Enabling an API entry grants it again: the super user's, like every other change of one.
  if (stored.type === 3 && !user.isAdmin) refuse('menuSuperUserOnly');
  await db.update(menus).set(toggled(user, isDisabled)).where(eq(menus.id, id));
}
