// The demo set (SEED_DEMO): a sales department and users in each country, then master data, sales data and exchange
// rates, so every screen has something to show.
import type { Db } from '../client';
import { departments, roleUsers, users } from '../schema/index';
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
] as const;

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
        grade: 6,
        addUserNumber: 'system',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row && 'admin' in u && u.admin) await db.insert(roleUsers).values({ roleId: ctx.adminsRoleId, userId: row.id }).onConflictDoNothing();
  }
  await seedOrgDemo(db);
  await seedWorkflowDemo(db);
  await seedMasterDemo(db);
  // One date for both: the rates are for the months of the sales data.
  const today = new Date();
  await seedSalesDemo(db, today);
  await seedRatesDemo(db, today);
}
