// Demo organisation (SEED_DEMO): a second department in some countries, a sub-department and department leaders,
// so the department tree, paths and leaders have something to show. Idempotent: keyed by department number.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, departments } from '../schema/index';

const EXTRA = [
  { company: 'TW', number: 'TW-MKT', name: 'Marketing', parent: null },
  { company: 'SG', number: 'SG-MKT', name: 'Marketing', parent: null },
  { company: 'TW', number: 'TW-RETAIL', name: 'Retail', parent: 'TW-SALES' },
] as const;

const LEADERS = [
  { department: 'OIH-SALES', leader: 'oih.analyst' },
  { department: 'TW-SALES', leader: 'tw.sales' },
  { department: 'SG-SALES', leader: 'sg.sales' },
] as const;

export async function seedOrgDemo(db: Db) {
  const companyRows = await db.select({ id: companies.id, number: companies.companyNumber }).from(companies);
  for (const d of EXTRA) {
    const company = companyRows.find((c) => c.number === d.company);
    if (!company) continue;
    const [parent] = d.parent
      ? await db.select().from(departments).where(eq(departments.departmentNumber, d.parent))
      : [undefined];
    if (d.parent && !parent) continue;
    await db
      .insert(departments)
      .values({
        companyId: company.id,
        departmentNumber: d.number,
        departmentName: d.name,
        parentId: parent?.id ?? null,
        departmentPath: parent ? `${parent.departmentPath}/${d.name}` : d.name,
        addUserNumber: 'system',
      })
      .onConflictDoNothing();
  }
  // Leaders only where none is set: an administrator's later choice stands.
  for (const l of LEADERS) {
    await db
      .update(departments)
      .set({ leaderNumber: l.leader })
      .where(and(eq(departments.departmentNumber, l.department), isNull(departments.leaderNumber), sql`exists (select 1 from users u where u.number = ${l.leader})`));
  }
}
