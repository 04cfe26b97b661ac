// Approval templates (spec part 3 §2.1, §2.2, §4.4, §5; DESIGN §10): the paged list, one template, add/edit, disable,
// delete and the form types a template can be made for. Templates are head-office configuration, not country data:
// whoever the menu grants the screens (type-3 entries) manages every template; only the companies a template names
// must be in the caller's country scope (admin: any). A name is unique case-insensitively (msgAddTemplateNameExist,
// also when two saves race: the unique index decides).
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ListResult } from '@/shared/contracts/endpoint';
import type { FieldError } from '@/shared/contracts/field-messages';
import type { TemplateItem, templateForm } from '@/shared/contracts/workflow';
import { FLOW_FORM_TYPES, formTypeOf, INSTANCE_STATUS } from '@/shared/domain/workflow';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { companies, departments, users, workflowFlows, workflowInstances, workflowTemplates } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { added, contains, countExpr, edited, offsetOf, pageOf, toggled, withUniqueKeys, type ListCount } from '../common/query';
import { invalid } from '../common/sales-access';

type TemplateForm = z.output<typeof templateForm>;

const T = workflowTemplates;
/** Every table a list row reads (flowVersion comes from the flows). */
const LIST_TABLES = ['workflow_templates', 'workflow_flows'] as const;
const uniqueKeys = { workflow_templates_name_uq: 'msgAddTemplateNameExist' } as const;

/** The newest flow version of the template, 0 when none is set. */
// The outer id is spelled out: drizzle leaves a single-table select's columns unqualified, which would bind to f.id.
const flowVersion = sql<number>`coalesce((select max(f.version) from ${workflowFlows} f where f.template_id = "workflow_templates"."id"), 0)::int`;

const itemColumns = {
  id: T.id,
  formType: T.formType,
  templateName: T.templateName,
  companys: T.companys,
  departments: T.departments,
  users: T.users,
  sort: T.sort,
  isDisabled: T.isDisabled,
  version: T.version,
  flowVersion,
};
type ItemRow = Omit<TemplateItem, 'formTypeString'>;

/** The form type's label key, which the list shows translated (an unregistered type keeps the same key shape). */
export const formTypeLabelKey = (formType: number) => formTypeOf(formType)?.labelKey ?? `workflow.formTypes.${formType}`;

const toItem = (r: ItemRow): TemplateItem => ({ ...r, formTypeString: formTypeLabelKey(r.formType) });

// ---- Reads

/** The list, by sort then id: form type exactly, name contains (any case), disabled or not; 50 a page by default. */
export async function templatePage(
  db: Db,
  p: { pageIndex: number; pageSize: number; formType?: number; templateName?: string; isDisabled?: boolean },
): Promise<ListResult<TemplateItem>> {
  const where = and(
    p.formType === undefined ? undefined : eq(T.formType, p.formType),
    p.templateName ? contains(T.templateName, p.templateName) : undefined,
    p.isDisabled === undefined ? undefined : eq(T.isDisabled, p.isDisabled),
  );
  const count: ListCount = { tables: LIST_TABLES, where, run: async () => (await db.select({ n: countExpr }).from(T).where(where))[0].n };
  const rows = async () =>
    (await db.select(itemColumns).from(T).where(where).orderBy(asc(T.sort), asc(T.id)).limit(p.pageSize).offset(offsetOf(p))).map(toItem);
  return pageOf(db, p, rows, count);
}

async function storedItem(db: Db | Tx, id: number): Promise<ItemRow> {
  const [row] = await db.select(itemColumns).from(T).where(eq(T.id, id));
  return row ?? refuse('notFound');
}

export async function templateById(db: Db, id: number): Promise<TemplateItem> {
  return toItem(await storedItem(db, id));
}

/** The form types a template can be made for (those with a form screen), as value and label key. */
export const formTypeOptions = () => FLOW_FORM_TYPES.map((f) => ({ value: f.value, label: f.labelKey }));

// ---- Save

/** A comma list as its distinct trimmed entries (case-insensitively distinct, first spelling kept). */
export function entriesOf(list: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const v = raw.trim();
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase());
      out.push(v);
    }
  }
  return out;
}

type NumberColumn = typeof companies.companyNumber | typeof departments.departmentNumber | typeof users.number;

/**
 * The stored numbers of a comma list, in the given order and with the stored spelling; entries that name nothing
 * are a field error (notFound, with the unknown entries). Disabled records are accepted: a template may keep naming
 * a company or person disabled later, and matching only ever concerns enabled applicants.
 */
async function storedNumbers(tx: Tx, column: NumberColumn, field: string, list: string, errors: FieldError[]) {
  const wanted = entriesOf(list);
  if (!wanted.length) return { numbers: [] as string[], ids: [] as number[] };
  const table = column === companies.companyNumber ? companies : column === departments.departmentNumber ? departments : users;
  const rows = (await tx
    .select({ id: table.id, number: column })
    .from(table)
    .where(inArray(sql`lower(${column})`, wanted.map((w) => w.toLowerCase())))) as Array<{ id: number; number: string }>;
  const byLower = new Map(rows.map((r) => [r.number.toLowerCase(), r]));
  const missing = wanted.filter((w) => !byLower.has(w.toLowerCase()));
  if (missing.length) errors.push({ field, message: `notFound: ${missing.join(',')}` });
  const found = wanted.flatMap((w) => byLower.get(w.toLowerCase()) ?? []);
  return { numbers: found.map((r) => r.number), ids: found.map((r) => r.id) };
}

/**
 * Add (id 0) or edit (id > 0; an unknown one is refused notFound). The form type must be one a flow can be made for
 * (a field error otherwise); every company, department and user listed must exist (field errors), and the lists are
 * stored normalised (trimmed, distinct, the stored spelling). A company outside the caller's scope is 403 (admin:
 * any). An edit carrying a version other than the stored one is refused staleVersion. Replies with the stored template.
 */
export async function saveTemplate(db: Db, user: AuthUser, scope: Scope, input: TemplateForm): Promise<TemplateItem> {
  const savedId = await withUniqueKeys(
    () =>
      db.transaction(async (tx) => {
        const [stored] = input.id ? await tx.select().from(T).where(eq(T.id, input.id)).for('update') : [];
        if (input.id && !stored) refuse('notFound');
        if (stored && input.version !== undefined && input.version !== stored.version) refuse('staleVersion', { id: stored.id, version: stored.version });

        const errors: FieldError[] = [];
        if (!FLOW_FORM_TYPES.some((f) => f.value === input.formType)) errors.push({ field: 'formType', message: 'notFound' });
        const companyList = await storedNumbers(tx, companies.companyNumber, 'companys', input.companys, errors);
        const departmentList = await storedNumbers(tx, departments.departmentNumber, 'departments', input.departments, errors);
        const userList = await storedNumbers(tx, users.number, 'users', input.users, errors);
        if (errors.length) invalid(errors);
        if (!scope.all) companyList.ids.forEach((id) => scope.assertCompanyId(id));

        const [clash] = await tx
          .select({ id: T.id })
          .from(T)
          .where(and(sql`lower(${T.templateName}) = ${input.templateName.toLowerCase()}`, stored ? ne(T.id, stored.id) : undefined))
          .limit(1);
        if (clash) refuse('msgAddTemplateNameExist');

        const fields = {
          formType: input.formType,
          templateName: input.templateName,
          companys: companyList.numbers.join(','),
          departments: departmentList.numbers.join(','),
          users: userList.numbers.join(','),
          sort: input.sort,
        };
        if (stored) {
          await tx
            .update(T)
            .set({ ...fields, ...edited(user), version: sql`${T.version} + 1` })
            .where(eq(T.id, stored.id));
          return stored.id;
        }
        const [row] = await tx
          .insert(T)
          .values({ ...fields, ...added(user) })
          .returning({ id: T.id });
        return row.id;
      }),
    uniqueKeys,
  );
  return toItem(await storedItem(db, savedId));
}

export async function toggleTemplate(db: Db, user: AuthUser, id: number, isDisabled: boolean) {
  const rows = await db.update(T).set(toggled(user, isDisabled)).where(eq(T.id, id)).returning({ id: T.id });
  if (!rows.length) refuse('notFound');
}

/** A foreign key said no: an instance started on one of the template's flows while it was being deleted. */
const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++, e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
};

/**
 * Deletes a template with all its flow versions. Refused (workflowCannotOperate) while a form is in approval on it:
 * its approvers still act on that flow. Finished, returned or recalled instances keep their resolved steps and
 * history but lose the link to the template and flow (a re-submit chooses a template again).
 */
export async function deleteTemplate(db: Db, id: number) {
  const I = workflowInstances;
  try {
    await db.transaction(async (tx) => {
      const [stored] = await tx.select({ id: T.id }).from(T).where(eq(T.id, id)).for('update');
      if (!stored) refuse('notFound');
      const flowIds = tx.select({ id: workflowFlows.id }).from(workflowFlows).where(eq(workflowFlows.templateId, id));
      const onTemplate = or(eq(I.templateId, id), inArray(I.flowId, flowIds));
      const [busy] = await tx
        .select({ id: I.id })
        .from(I)
        .where(and(onTemplate, eq(I.status, INSTANCE_STATUS.inApproval)))
        .limit(1);
      if (busy) refuse('workflowCannotOperate');
      await tx.update(I).set({ templateId: null, flowId: null }).where(onTemplate);
      await tx.delete(T).where(eq(T.id, id));
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) refuse('workflowCannotOperate');
    throw err;
  }
}
