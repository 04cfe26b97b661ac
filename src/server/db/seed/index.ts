// Reference data and demo data (DESIGN §7). Idempotent: every row is keyed by a natural key and inserted only when missing.
import { sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import type { Config } from '../../config';
import type { Db } from '../client';
import { companies, currencies, menus, roleCompanies, roleMenus, roles, roleUsers, users } from '../schema/index';
import { groups, menuSeeds, renamedZhTw } from './menus';
import { seedDemo } from './demo';
import { seedTasks } from './tasks';

export const COMPANIES = [
  { companyNumber: 'OIH', companyName: 'OIH Head Office', currencyNumber: 'RMB', isFactory: 2, paymentterm: 'T/T 30 days' },
  { companyNumber: 'HK', companyName: 'Hong Kong', currencyNumber: 'HKD', isFactory: 2, paymentterm: 'T/T 30 days' },
  { companyNumber: 'TW', companyName: 'Taiwan', currencyNumber: 'TWD', isFactory: 2, paymentterm: 'T/T 45 days' },
  { companyNumber: 'SG', companyName: 'Singapore', currencyNumber: 'SGD', isFactory: 2, paymentterm: 'T/T 30 days' },
  { companyNumber: 'MY', companyName: 'Malaysia', currencyNumber: 'MYR', isFactory: 2, paymentterm: 'T/T 60 days' },
  { companyNumber: 'AU', companyName: 'Australia', currencyNumber: 'AUD', isFactory: 2, paymentterm: 'T/T 30 days' },
  { companyNumber: 'FAC', companyName: 'Shenzhen Factory', currencyNumber: 'RMB', isFactory: 1, paymentterm: 'T/T 30 days' },
];

export const CURRENCIES = [
  { currency: 'RMB', remarks: 'Chinese yuan (reporting currency)' },
  { currency: 'CNY', remarks: 'Chinese yuan' },
  { currency: 'USD', remarks: 'US dollar' },
  { currency: 'HKD', remarks: 'Hong Kong dollar' },
  { currency: 'TWD', remarks: 'New Taiwan dollar' },
  { currency: 'SGD', remarks: 'Singapore dollar' },
  { currency: 'MYR', remarks: 'Malaysian ringgit' },
  { currency: 'AUD', remarks: 'Australian dollar' },
];

export const ROLE_NAMES = { headOffice: 'Head office', sales: 'Subsidiary sales staff', admins: 'Administrators' } as const;

/** Ids of menus by code, after the menus are in. */
async function menuIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: menus.id, code: menus.code }).from(menus);
  return new Map(rows.filter((r) => r.code).map((r) => [r.code as string, r.id]));
}

async function seedMenus(db: Db) {
  let ids = await menuIdsByCode(db);
  for (const m of menuSeeds()) {
    if (ids.has(m.code)) continue;
    const parentMenuId = m.parentCode ? (ids.get(m.parentCode) ?? null) : null;
    const [row] = await db
      .insert(menus)
      .values({
        ...(m.id ? { id: m.id } : {}),
        code: m.code,
        parentMenuId,
        type: m.type,
        menuNameEN: m.en,
        menuNameZHTW: m.tw,
        menuNameZHCN: m.cn,
        icon: m.icon ?? '',
        routePath: m.routePath ?? '',
        routeName: m.routeName ?? '',
        routeComponent: m.routeComponent ?? '',
        routeParentName: m.routeParentName ?? 'Home',
        sort: m.sort,
        noRequiresAuth: m.noRequiresAuth ?? false,
        isData: m.isData ?? false,
        addUserNumber: 'system',
      })
      .onConflictDoNothing()
      .returning({ id: menus.id });
    if (row) ids.set(m.code, row.id);
    // Entries with explicit ids (the groups) must not collide with the serial ones that follow.
    if (m.id) await db.execute(sql`select setval(pg_get_serial_sequence('menus', 'id'), greatest((select max(id) from menus), 1000))`);
  }
  // Seeded entries still named in the old zh-TW wording take the Taiwan wording (an administrator's own name stays).
  const newName = new Map(menuSeeds().map((m) => [m.code, m.tw]));
  for (const [from, to] of Object.entries(renamedZhTw)) {
    const codes = [...newName].filter(([, tw]) => tw === to).map(([code]) => code);
    for (const code of codes) await db.update(menus).set({ menuNameZHTW: to }).where(sql`${menus.code} = ${code} and ${menus.menuNameZHTW} = ${from}`);
  }
  ids = await menuIdsByCode(db);
  return ids;
}

async function ensureRole(db: Db, roleName: string): Promise<{ id: number; created: boolean }> {
  const [row] = await db.insert(roles).values({ roleName, addUserNumber: 'system' }).onConflictDoNothing().returning({ id: roles.id });
  if (row) return { id: row.id, created: true };
  const found = await db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.roleName}) = ${roleName.toLowerCase()}`);
  return { id: found[0].id, created: false };
}

async function grant(db: Db, roleId: number, menuIds: number[], allData = false) {
  if (menuIds.length) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId, allData }))).onConflictDoNothing();
}

export async function seed(db: Db, config: Config) {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c) => ({ ...c, currencyNumber: c.currency, addUserNumber: 'system' })))
    .onConflictDoNothing();
  await db.insert(companies).values(COMPANIES.map((c) => ({ ...c, addUserNumber: 'system' }))).onConflictDoNothing();
  const ids = await seedMenus(db);
  const companyRows = await db.select({ id: companies.id, companyNumber: companies.companyNumber }).from(companies);
  const companyId = (n: string) => companyRows.find((c) => c.companyNumber === n)!.id;

  const initialHash = await hash(config.INITIAL_PASSWORD);
  await db
    .insert(users)
    .values({ number: 'admin', account: 'admin', name: 'Administrator', passwordHash: initialHash, companyId: companyId('OIH'), addUserNumber: 'system' })
    .onConflictDoNothing();

  // Roles are granted their menus only when first made: administrators' later changes stand.
  const codesUnder = (groupKeys: string[], include: (code: string) => boolean = () => true) => {
    const inGroups = new Set(groups.filter((g) => groupKeys.includes(g.key)).flatMap((g) => g.screens.map((s) => s.route)));
    return [...ids.entries()]
      .filter(([code]) => {
        const m = /^(?:route:\/|btn:)([A-Za-z]+)/.exec(code);
        const screen = m?.[1] === 'SalesTarget' ? 'SalesTargetList' : m?.[1];
        return !!screen && inGroups.has(screen) && include(code);
      })
      .map(([, id]) => id);
  };
  const groupIds = (keys: string[]) => groups.filter((g) => keys.includes(g.key)).map((g) => g.id);

  const headOffice = await ensureRole(db, ROLE_NAMES.headOffice);
  if (headOffice.created) {
    await grant(db, headOffice.id, [...groupIds(['sales', 'reports', 'master']), ...codesUnder(['sales', 'reports', 'master'])], true);
    await db.insert(roleCompanies).values({ roleId: headOffice.id, companyId: companyId('OIH') }).onConflictDoNothing();
  }
  const sales = await ensureRole(db, ROLE_NAMES.sales);
  if (sales.created) {
    await grant(db, sales.id, [
      ...groupIds(['sales', 'reports']),
      ...codesUnder(['sales', 'reports'], (c) => !c.includes('alwaysEdit') && !c.includes('amountExtras')),
    ]);
    const subsidiaries = COMPANIES.filter((c) => c.isFactory === 2 && c.companyNumber !== 'OIH');
    await db.insert(roleCompanies).values(subsidiaries.map((c) => ({ roleId: sales.id, companyId: companyId(c.companyNumber) }))).onConflictDoNothing();
  }
  const admins = await ensureRole(db, ROLE_NAMES.admins);
  if (admins.created) {
    await grant(db, admins.id, [...groups.map((g) => g.id), ...codesUnder(groups.map((g) => g.key))], true);
    const [adminUser] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.number}) = 'admin'`);
    await db.insert(roleUsers).values({ roleId: admins.id, userId: adminUser.id }).onConflictDoNothing();
  }

  await seedTasks(db);
  if (config.SEED_DEMO) await seedDemo(db, { initialHash, companyId, adminsRoleId: admins.id });
  // Keep serial sequences ahead of any explicit ids.
  await db.execute(sql`select setval(pg_get_serial_sequence('menus', 'id'), greatest((select max(id) from menus), 1000))`);
}
