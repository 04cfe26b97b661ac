// The people the approval engine resolves a path against (DESIGN §10): every user with their company, department,
// grade, rank and superior, and every department with its leader and parent, read once per submit as the Directory
// that shared/domain/workflow-path.ts walks; and the template a form's applicant falls under.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FlowData } from '@/shared/contracts/workflow';
import type { Directory, Person } from '@/shared/domain/workflow-path';
import type { Db, Tx } from '../../db/client';
import { companies, departments, users, workflowFlows, workflowTemplates } from '../../db/schema/index';

const key = (n: string | null | undefined) => (n ?? '').trim().toLowerCase();

export interface People extends Directory {
  /** Display name of a user number (the number itself when unknown). */
  nameOf(number: string): string;
}

export async function loadPeople(tx: Db | Tx): Promise<People> {
  const [userRows, deptRows] = await Promise.all([
    tx
      .select({
        number: users.number,
        name: users.name,
        companyNumber: companies.companyNumber,
        departmentNumber: departments.departmentNumber,
        grade: users.grade,
        rank: users.rank,
        leaderNumber: users.leaderNumber,
        isDisabled: users.isDisabled,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(departments, eq(departments.id, users.departmentId)),
    tx.select({ id: departments.id, number: departments.departmentNumber, leaderNumber: departments.leaderNumber, parentId: departments.parentId }).from(departments),
  ]);
  const byNumber = new Map<string, Person>(
    userRows.map((u) => [
      key(u.number),
      {
        number: u.number,
        name: u.name,
        companyNumber: u.companyNumber ?? '',
        departmentNumber: u.departmentNumber ?? '',
        grade: u.grade ?? 0,
        rank: u.rank ?? 0,
        leaderNumber: u.leaderNumber ?? '',
        isDisabled: u.isDisabled,
      },
    ]),
  );
  const deptById = new Map(deptRows.map((d) => [d.id, d]));
  const deptByNumber = new Map(deptRows.map((d) => [key(d.number), d]));
  return {
    user: (n) => byNumber.get(key(n)),
    departmentLeader: (n) => deptByNumber.get(key(n))?.leaderNumber ?? undefined,
    parentDepartment: (n) => {
      const parentId = deptByNumber.get(key(n))?.parentId;
      return parentId == null ? undefined : deptById.get(parentId)?.number;
    },
    nameOf: (n) => byNumber.get(key(n))?.name ?? n,
  };
}

const listOf = (s: string) =>
  s
    .split(',')
    .map(key)
    .filter(Boolean);

export interface ChosenFlow {
  templateId: number;
  flowId: number;
  flow: FlowData;
}

/**
 * The first enabled template of the form type, by sort then id, whose companys, departments or users include the
 * applicant (all three empty = everyone) and that has a flow; its newest flow version. None: the form needs no approval.
 */
export async function chooseFlow(tx: Db | Tx, formType: number, applicant: Person): Promise<ChosenFlow | null> {
  const templates = await tx
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.formType, formType), eq(workflowTemplates.isDisabled, false)))
    .orderBy(asc(workflowTemplates.sort), asc(workflowTemplates.id));
  for (const t of templates) {
    const [c, d, u] = [listOf(t.companys), listOf(t.departments), listOf(t.users)];
    const everyone = !c.length && !d.length && !u.length;
    const matches = everyone || c.includes(key(applicant.companyNumber)) || d.includes(key(applicant.departmentNumber)) || u.includes(key(applicant.number));
    if (!matches) continue;
    const [flow] = await tx
      .select({ id: workflowFlows.id, flow: workflowFlows.flow })
      .from(workflowFlows)
      .where(eq(workflowFlows.templateId, t.id))
      .orderBy(desc(workflowFlows.version))
      .limit(1);
    if (flow) return { templateId: t.id, flowId: flow.id, flow: flow.flow as FlowData };
  }
  return null;
}
