// The approval engine's form-type registry (DESIGN §10): per form type, who the applicant of a form is, whether the
// caller may see it (country and data scope), how a mail names it, and the hooks the engine calls on its transitions.
// A form type that can go through approval is declared in shared/domain/workflow.ts and gets its entry here.
import { eq, sql } from 'drizzle-orm';
import { DATA_STATUS } from '@/shared/domain/sales';
import { FORM_TYPE } from '@/shared/domain/workflow';
import type { Db, Tx } from '../../db/client';
import { companies, salesTargets } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/auth';
import { refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { accessOf, sees, SCREEN } from '../common/sales-access';

export interface FormTypeHooks {
  /** The applicant's user number (the form's author); refuses notFound for an unknown form. */
  applicantOf(tx: Db | Tx, formId: number): Promise<string>;
  /** Would the caller see the form on its screen (country scope, and data scope where the screen has one)? */
  maySee(db: Db, user: AuthUser, scope: Scope, formId: number): Promise<boolean>;
  /** A short reference for mails ("TW 2040-01 rule 1"). */
  describe(tx: Db | Tx, formId: number): Promise<string>;
  /**
   * Whether checkworkflow may submit (operate 1) a form of this type. Sales targets are submitted by their Release
   * call only, which checks the target first (maintained, not disabled); a direct submit would skip those checks.
   */
  directSubmit: boolean;
  onSubmitted(tx: Tx, formId: number): Promise<void>;
  onApproved(tx: Tx, formId: number): Promise<void>;
  onReturnedToApplicant(tx: Tx, formId: number): Promise<void>;
  onRecalled(tx: Tx, formId: number): Promise<void>;
}

const T = salesTargets;
const setTargetStatus = async (tx: Tx, id: number, dataStatus: number) => {
  await tx
    .update(T)
    .set({ dataStatus, version: sql`${T.version} + 1`, editTime: new Date() })
    .where(eq(T.id, id));
};

const targetOf = async (tx: Db | Tx, id: number) => {
  const [row] = await tx
    .select({ companyId: T.companyId, addUserNumber: T.addUserNumber, year: T.year, month: T.month, rule: T.rule, country: companies.companyNumber })
    .from(T)
    .innerJoin(companies, eq(companies.id, T.companyId))
    .where(eq(T.id, id));
  return row ?? refuse('notFound');
};

const salesTarget: FormTypeHooks = {
  applicantOf: async (tx, id) => (await targetOf(tx, id)).addUserNumber ?? '',
  maySee: async (db, user, scope, id) => sees(await accessOf(db, user, scope, SCREEN.salesTarget), await targetOf(db, id)),
  describe: async (tx, id) => {
    const t = await targetOf(tx, id);
    return `${t.country} ${t.year}-${String(t.month).padStart(2, '0')} rule ${t.rule}`;
  },
  directSubmit: false,
  onSubmitted: (tx, id) => setTargetStatus(tx, id, DATA_STATUS.inApproval),
  onApproved: (tx, id) => setTargetStatus(tx, id, DATA_STATUS.released),
  onReturnedToApplicant: (tx, id) => setTargetStatus(tx, id, DATA_STATUS.draft),
  onRecalled: (tx, id) => setTargetStatus(tx, id, DATA_STATUS.draft),
};

const registry: ReadonlyMap<number, FormTypeHooks> = new Map([[FORM_TYPE.salesTarget, salesTarget]]);

/** The hooks of a form type; a type without approval (9, unknown) has no workflow: workflowNotExist. */
export const formTypeHooks = (formType: number): FormTypeHooks => registry.get(formType) ?? refuse('workflowNotExist');
