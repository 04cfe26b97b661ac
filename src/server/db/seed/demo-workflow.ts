// Demo approval template (SEED_DEMO; DESIGN §10): "Sales target release" (form type 1, everyone), ENABLED, so a fresh
// start shows a working approval: the applicant C-1 → their first superior (whereType 3, stopping at a superior of
// the managers' grade 8: tw.sales → tw.manager, one step) → the leader of the OIH administrators' department
// (oih.admin's department OIH-SALES, led by oih.analyst; whereType 2) → a copy to the applicant (CC whereIsAddUser).
// Sales users without a superior (every demo country but TW) get the superior step skipped, shown in the timeline.
// Tests about immediate release disable the templates in their setup.
// Idempotent: the template is keyed by its name (an administrator's later switch stands) and gets its flow only
// when it has none.
import { eq, sql } from 'drizzle-orm';
import type { FlowData } from '@/shared/contracts/workflow';
import { FORM_TYPE } from '@/shared/domain/workflow';
import { addAfter, APPROVER_WHERE, CC_WHERE_TYPE, initialFlow, newRule, setNode, setRule, validateFlow } from '@/shared/domain/workflow-flow';
import type { Db } from '../client';
import { departments, users, workflowFlows, workflowTemplates } from '../schema/index';

export const DEMO_TEMPLATE_NAME = 'Sales target release';
/** The demo managers' grade (demo.ts): a superior at or above it ends the superiors step. */
const MANAGER_GRADE = 8;
/** The OIH administrators' account (demo.ts): the leader of its department reviews for head office. */
const OIH_ADMIN = 'oih.admin';

/** The demo flow, built with the designer's own rules so its codes are what the designer makes. */
export function demoFlow(reviewer: string): FlowData {
  let f = initialFlow();
  f = addAfter(f, 'C-1', 'approver');
  f = addAfter(f, 'C-1-1', 'approver');
  f = addAfter(f, 'C-1-1-1', 'cc');
  f = setRule(f, 'C-1-1', 0, { ...newRule('C-1-1', APPROVER_WHERE.superiors), whereMaxGrade: MANAGER_GRADE, whereMaxRank: 20 });
  f = setRule(f, 'C-1-1-1', 0, { ...newRule('C-1-1-1', APPROVER_WHERE.users), whereUsers: reviewer });
  f = setRule(f, 'C-1-1-1-1', 0, { ...newRule('C-1-1-1-1', CC_WHERE_TYPE), whereIsAddUser: true });
  f = setNode(f, 'C-1-1', { title: 'Superior' });
  f = setNode(f, 'C-1-1-1', { title: 'Head office review' });
  f = setNode(f, 'C-1-1-1-1', { title: 'Copy to applicant' });
  return f;
}

export async function seedWorkflowDemo(db: Db) {
  const [lead] = await db
    .select({ leader: departments.leaderNumber })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.number, OIH_ADMIN));
  const reviewer = lead?.leader;
  if (!reviewer) return;
  const [reviewerRow] = await db.select({ isDisabled: users.isDisabled }).from(users).where(eq(users.number, reviewer));
  if (!reviewerRow) return;

  await db
    .insert(workflowTemplates)
    .values({ formType: FORM_TYPE.salesTarget, templateName: DEMO_TEMPLATE_NAME, sort: 10, isDisabled: false, addUserNumber: 'system' })
    .onConflictDoNothing();
  const [template] = await db
    .select({ id: workflowTemplates.id })
    .from(workflowTemplates)
    .where(sql`lower(${workflowTemplates.templateName}) = ${DEMO_TEMPLATE_NAME.toLowerCase()}`);
  if (!template) return;
  const [hasFlow] = await db.select({ id: workflowFlows.id }).from(workflowFlows).where(eq(workflowFlows.templateId, template.id)).limit(1);
  if (hasFlow) return;

  const flow = demoFlow(reviewer);
  const problems = validateFlow(flow, { user: (n) => (n === reviewer ? reviewerRow : undefined) });
  if (problems.length) throw new Error(`demo flow invalid: ${JSON.stringify(problems)}`);
  await db.insert(workflowFlows).values({ templateId: template.id, version: 1, flow, addUserNumber: 'system' }).onConflictDoNothing();
}
