// Demo approval template (SEED_DEMO; DESIGN §10): "Sales target release" (form type 1, everyone) with a flow of the
// applicant C-1 → their first superior (whereType 3, stopping at the demo users' grade, so one step) → the OIH
// sales department's leader (whereType 2) → a copy to the applicant (CC whereIsAddUser). The demo users have no
// superior (leaderNumber) until an administrator sets one, so that step shows as skipped until then.
// Seeded DISABLED: a template for everyone turns every Release into an approval, which the demo's own users and the
// tests that release targets do not expect; an administrator enables it with the list's switch to show approval.
// Idempotent: the template is keyed by its name and gets its flow only when it has none.
import { eq, sql } from 'drizzle-orm';
import type { FlowData } from '@/shared/contracts/workflow';
import { FORM_TYPE } from '@/shared/domain/workflow';
import { addAfter, APPROVER_WHERE, CC_WHERE_TYPE, initialFlow, newRule, setNode, setRule, validateFlow } from '@/shared/domain/workflow-flow';
import type { Db } from '../client';
import { departments, users, workflowFlows, workflowTemplates } from '../schema/index';

export const DEMO_TEMPLATE_NAME = 'Sales target release';
/** The demo users' grade: a superior at or above it ends the superiors step. */
const DEMO_GRADE = 6;

/** The demo flow, built with the designer's own rules so its codes are what the designer makes. */
export function demoFlow(reviewer: string): FlowData {
  let f = initialFlow();
  f = addAfter(f, 'C-1', 'approver');
  f = addAfter(f, 'C-1-1', 'approver');
  f = addAfter(f, 'C-1-1-1', 'cc');
  f = setRule(f, 'C-1-1', 0, { ...newRule('C-1-1', APPROVER_WHERE.superiors), whereMaxGrade: DEMO_GRADE, whereMaxRank: 20 });
  f = setRule(f, 'C-1-1-1', 0, { ...newRule('C-1-1-1', APPROVER_WHERE.users), whereUsers: reviewer });
  f = setRule(f, 'C-1-1-1-1', 0, { ...newRule('C-1-1-1-1', CC_WHERE_TYPE), whereIsAddUser: true });
  f = setNode(f, 'C-1-1', { title: 'Superior' });
  f = setNode(f, 'C-1-1-1', { title: 'Head office review' });
  f = setNode(f, 'C-1-1-1-1', { title: 'Copy to applicant' });
  return f;
}

export async function seedWorkflowDemo(db: Db) {
  const [lead] = await db.select({ leader: departments.leaderNumber }).from(departments).where(eq(departments.departmentNumber, 'OIH-SALES'));
  const reviewer = lead?.leader;
  if (!reviewer) return;
  const [reviewerRow] = await db.select({ isDisabled: users.isDisabled }).from(users).where(eq(users.number, reviewer));
  if (!reviewerRow) return;

  await db
    .insert(workflowTemplates)
    .values({ formType: FORM_TYPE.salesTarget, templateName: DEMO_TEMPLATE_NAME, sort: 10, isDisabled: true, addUserNumber: 'system' })
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
