// A template's approval flow (spec part 3 §2.3, §4.2–4.3, §5, §8.2; DESIGN §10): the newest version for the designer
// and setflow, which validates the tree with the shared designer rules (domain/workflow-flow.ts) plus the look-ups
// only the server can make (the named people exist and are enabled, the departments and companies exist) and saves
// a NEW version. Older versions stay: a running instance keeps the version it started with.
import { desc, eq, inArray, max, sql, type SQLWrapper } from 'drizzle-orm';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { MessageKey } from '@/shared/contracts/messages';
import type { FlowData, WhereRule } from '@/shared/contracts/workflow';
import { initialFlow, listKindOf, renumber, splitList, validateFlow, type FlowError, type FlowLookups } from '@/shared/domain/workflow-flow';
import type { Db, Tx } from '../../db/client';
import { companies, departments, users, workflowFlows, workflowTemplates } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import { invalid } from '../common/sales-access';

const F = workflowFlows;

async function assertTemplate(db: Db | Tx, id: number, lock = false) {
  const q = db.select({ id: workflowTemplates.id }).from(workflowTemplates).where(eq(workflowTemplates.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) refuse('templateNotExist');
}

/** The newest version of a template's flow; version 0 with just the applicant node C-1 when none is set yet. */
export async function flowOfTemplate(db: Db, templateId: number): Promise<FlowData & { version: number }> {
  await assertTemplate(db, templateId);
  const [row] = await db.select({ version: F.version, flow: F.flow }).from(F).where(eq(F.templateId, templateId)).orderBy(desc(F.version)).limit(1);
  if (!row) return { ...initialFlow(), version: 0 };
  return { ...(row.flow as FlowData), version: row.version };
}

interface Known {
  number: string;
  isDisabled: boolean;
}
type Directory = Map<string, Known>;

/** The records a flow's rules name, keyed by lower-cased number (numbers match any case, as sign-in does). */
async function directoryOf(tx: Tx, flow: FlowData) {
  const wanted = { users: new Set<string>(), departments: new Set<string>(), companys: new Set<string>() };
  for (const r of flow.whereList) {
    const kind = listKindOf(r.whereType);
    if (kind === 'users') splitList(r.whereUsers).forEach((n) => wanted.users.add(n.toLowerCase()));
    if (kind === 'departments') splitList(r.whereDepartments).forEach((n) => wanted.departments.add(n.toLowerCase()));
    if (kind === 'companys') splitList(r.whereCompanys).forEach((n) => wanted.companys.add(n.toLowerCase()));
  }
  const load = async (rows: Promise<Known[]>): Promise<Directory> => new Map((await rows).map((r) => [r.number.toLowerCase(), r]));
  const lowerIn = (col: SQLWrapper, set: Set<string>) => inArray(sql`lower(${col})`, [...set]);
  return {
    users: await load(
      wanted.users.size ? tx.select({ number: users.number, isDisabled: users.isDisabled }).from(users).where(lowerIn(users.number, wanted.users)) : Promise.resolve([]),
    ),
    departments: await load(
      wanted.departments.size
        ? tx
            .select({ number: departments.departmentNumber, isDisabled: departments.isDisabled })
            .from(departments)
            .where(lowerIn(departments.departmentNumber, wanted.departments))
        : Promise.resolve([]),
    ),
    companys: await load(
      wanted.companys.size
        ? tx
            .select({ number: companies.companyNumber, isDisabled: companies.isDisabled })
            .from(companies)
            .where(lowerIn(companies.companyNumber, wanted.companys))
        : Promise.resolve([]),
    ),
  };
}

/** The refusals a designer shows as an alert (spec part 3 §8.2), most telling first; anything else is a 400. */
const ALERTS: readonly MessageKey[] = ['msgSetFolwAddBranch', 'flowAccountNotExist', 'flowAccountDisabled', 'msgSelectPersonnel'];

/**
 * Problems found: an alert key is a business refusal (code 0, that key, the problems as data); structural problems
 * and unknown departments or companies are a 400 whose fields are the node codes.
 */
function refuseProblems(problems: FlowError[]): never {
  for (const key of ALERTS) if (problems.some((p) => p.message === key)) refuse(key, problems);
  const fields: FieldError[] = problems.map((p) => ({
    field: p.code ? `workFlowList.${p.code}` : 'workFlowList',
    message: p.message === 'notFound' ? 'notFound' : 'crud.validation.invalid',
  }));
  return invalid(fields);
}

/** A rule with its lists trimmed and, for people, departments and companies, the stored spelling of each number. */
function normalisedRule(r: WhereRule, dir: Awaited<ReturnType<typeof directoryOf>>): WhereRule {
  const stored = (list: string, known: Directory) => splitList(list).map((n) => known.get(n.toLowerCase())?.number ?? n).join(',');
  return {
    ...r,
    whereUsers: stored(r.whereUsers, dir.users),
    whereDepartments: stored(r.whereDepartments, dir.departments),
    whereCompanys: stored(r.whereCompanys, dir.companys),
    whereGrades: splitList(r.whereGrades).join(','),
    whereRanks: splitList(r.whereRanks).join(','),
  };
}

/**
 * Validates and saves a template's flow as a new version (the highest + 1) and replies with it. An unknown template
 * is templateNotExist; an empty flow msgSetFolwAddBranch; a named user who does not exist flowAccountNotExist, one
 * who is disabled flowAccountDisabled. The template row is locked, so two saves get two versions.
 */
export async function saveFlow(db: Db, user: AuthUser, input: FlowData & { id: number }): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    await assertTemplate(tx, input.id, true);
    const flow: FlowData = { workFlowList: input.workFlowList, whereList: input.whereList };
    const dir = await directoryOf(tx, flow);
    const lookups: FlowLookups = {
      user: (n) => dir.users.get(n.toLowerCase()),
      department: (n) => dir.departments.get(n.toLowerCase()),
      company: (n) => dir.companys.get(n.toLowerCase()),
    };
    const problems = validateFlow(flow, lookups);
    if (problems.length) refuseProblems(problems);

    // validateFlow accepted exactly the renumbered shape, so this only puts the nodes in tree order.
    const canonical = renumber({ workFlowList: flow.workFlowList, whereList: flow.whereList.map((r) => normalisedRule(r, dir)) });
    const [{ top }] = await tx.select({ top: max(F.version) }).from(F).where(eq(F.templateId, input.id));
    const version = (top ?? 0) + 1;
    await tx.insert(F).values({ templateId: input.id, version, flow: canonical, addUserNumber: user.number });
    return { version };
  });
}
