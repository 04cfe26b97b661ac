// The demo set (SEED_DEMO): a sales department and users in each country, then master data, sales data and exchange
// rates, so every screen has something to show; and a TW sales manager as tw.sales's superior, so the demo approval
// template (demo-workflow.ts) has a superior to ask on a fresh start.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { departments, menus, roleMenus, roles, roleUsers, users } from '../schema/index';
import { seedOrgDemo } from './demo-org';
import { seedMasterDemo } from './demo-master';
import { seedSalesDemo } from './demo-sales';
import { seedRatesDemo } from './demo-rates';
import { seedWorkflowDemo } from './demo-workflow';

export const DEMO_USERS = [
  { number: 'oih.analyst', name: 'Olivia Chen', company: 'OIH', email: 'olivia.chen@example.com', language: 'en' },
  { number: 'oih.admin', name: 'Oscar Lin', company: 'OIH', email: 'oscar.lin@example.com', language: 'en', admin: true },
  { number: 'hk.sales', name: 'Henry Wong', company: 'HK', email: 'henry.wong@example.com', language: 'zh-tw' },
  { number: 'tw.sales', name: 'Tina Huang', company: 'TW', email: 'tina.huang@example.com', language: 'zh-tw' },
  { number: 'sg.sales', name: 'Samuel Tan', company: 'SG', email: 'samuel.tan@example.com', language: 'en' },
  { number: 'my.sales', name: 'Maya Ismail', company: 'MY', email: 'maya.ismail@example.com', language: 'en' },
  { number: 'au.sales', name: 'Alex Brown', company: 'AU', email: 'alex.brown@example.com', language: 'en' },
  // tw.sales's superior (grade 8: the demo template's superiors step stops at them). Same company, so the same sales
  // role; the managers' role below lets them see every TW target, which an approver must open.
  { number: 'tw.manager', name: 'Kevin Chang', company: 'TW', email: 'kevin.chang@example.com', language: 'zh-tw', grade: 8, manager: true },
] as const;

/** Superiors (leaderNumber) of the demo users; set when the user is first made, so an administrator's change stands. */
const SUPERIORS: Record<string, string> = { 'tw.sales': 'tw.manager' };

/** A demo role for the sales managers: the sales-target screen with all data, so they see the targets they approve. */
export const MANAGERS_ROLE = 'Sales managers';

export async function seedDemo(db: Db, ctx: { initialHash: string; companyId: (n: string) => number; adminsRoleId: number }) {
  const countries = [...new Set(DEMO_USERS.map((u) => u.company))];
  for (const country of countries) {
    await db
      .insert(departments)
      .values({
        companyId: ctx.companyId(country),
        departmentNumber: `${country}-SALES`,
        departmentName: 'Sales',
        departmentPath: 'Sales',
        addUserNumber: 'system',
      })
      .onConflictDoNothing();
  }
  const deps = await db.select({ id: departments.id, number: departments.departmentNumber }).from(departments);
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        number: u.number,
        account: u.number,
        name: u.name,
        email: u.email,
        language: u.language,
        companyId: ctx.companyId(u.company),
        departmentId: deps.find((d) => d.number === `${u.company}-SALES`)?.id ?? null,
        passwordHash: ctx.initialHash,
        rank: 5,
        grade: 'grade' in u ? u.grade : 6,
        leaderNumber: SUPERIORS[u.number] ?? null,
        addUserNumber: 'system',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row && 'admin' in u && u.admin) await db.insert(roleUsers).values({ roleId: ctx.adminsRoleId, userId: row.id }).onConflictDoNothing();
  }
  await seedManagersRole(db);
  await seedOrgDemo(db);
  await seedWorkflowDemo(db);
  await seedMasterDemo(db);
  // One date for both: the rates are for the months of the sales data.
  const today = new Date();
  await seedSalesDemo(db, today);
  await seedRatesDemo(db, today);
}

/** Made once with its grant and users; later starts leave an administrator's changes alone. */
async function seedManagersRole(db: Db) {
  const [role] = await db.insert(roles).values({ roleName: MANAGERS_ROLE, addUserNumber: 'system' }).onConflictDoNothing().returning({ id: roles.id });
  if (!role) return;
  const [screen] = await db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'route:/SalesTargetList'));
  if (screen) await db.insert(roleMenus).values({ roleId: role.id, menuId: screen.id, allData: true }).onConflictDoNothing();
  const managers = DEMO_USERS.filter((u) => 'manager' in u && u.manager).map((u) => u.number);
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.number, managers));
  if (rows.length) await db.insert(roleUsers).values(rows.map((r) => ({ roleId: role.id, userId: r.id }))).onConflictDoNothing();
}
