// The approval engine (DESIGN §10, spec part 3 §2.4–2.5, §4.1): submit a form into its template's flow, the
// operations on a running approval (checkworkflow), the panel's timeline and allowed codes (getworkflowinfo), and the
// mail-send variant. Every operation is one transaction that locks the instance row, re-checks the caller and the
// step inside the lock, writes a history row, calls the form type's hooks; the mails to whoever must act next go out
// after the commit, so a refused or rolled-back operation mails nobody.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MessageKey } from '@/shared/contracts/messages';
import type { checkPayload, WorkflowInfo, WorkflowStep } from '@/shared/contracts/workflow';
import { resolvePath, type ResolvedStep } from '@/shared/domain/workflow-path';
import { formTypeOf, INSTANCE_STATUS, SIGN } from '@/shared/domain/workflow';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { users, workflowHistory, workflowInstances } from '../../db/schema/index';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import { describeError, forbidden, refuse } from '../../plugins/errors';
import type { Scope } from '../../plugins/scope';
import { allowedOperates, isActingStep, previousApproverStep, refusalOf, sameUser, stepAt, SYSTEM_USER, type InstanceState } from './engine-rules';
import { chooseFlow, loadPeople, type People } from './engine-people';
import { formTypeHooks, type FormTypeHooks } from './form-types';
import { noticeText, type NoticeEvent, type NoticeParams } from './notice-text';

type CheckInput = z.output<typeof checkPayload>;
type Instance = typeof workflowInstances.$inferSelect;
type HistoryRow = typeof workflowHistory.$inferSelect;

const I = workflowInstances;
const H = workflowHistory;

/**
 * A mail to send after the commit: to these user numbers (those with an e-mail address), about a form; its text is
 * written in each recipient's language when it is sent (notice-text.ts).
 */
export interface Notice {
  to: string[];
  event: NoticeEvent;
  params: NoticeParams;
  /** What the mail calls the form ("TW 2040-01 rule 1"). */
  ref: string;
  formType: number;
  formId: number;
}

const stateOf = (i: Instance): InstanceState => ({ ...i, steps: i.steps as ResolvedStep[] });

const listOf = (s: string) => [
  ...new Set(
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

const instanceOf = async (tx: Db | Tx, formType: number, formId: number, lock = false) => {
  const q = tx
    .select()
    .from(I)
    .where(and(eq(I.formType, formType), eq(I.formId, formId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
};

const historyOf = (tx: Db | Tx, instanceId: number): Promise<HistoryRow[]> =>
  tx.select().from(H).where(eq(H.instanceId, instanceId)).orderBy(asc(H.id));

interface Act {
  tx: Tx;
  caller: AuthUser;
  formType: number;
  formId: number;
  hooks: FormTypeHooks;
  /** What the mails call the form ("TW 2040-01 rule 1"). */
  ref: string;
  notices: Notice[];
}

const notify = (a: Act, to: string[], event: NoticeEvent, params: NoticeParams = {}) => {
  if (to.length) a.notices.push({ to, event, params, ref: a.ref, formType: a.formType, formId: a.formId });
};

const addHistory = (a: Act, instanceId: number, row: { orderNo: number; operates: string; checkContent?: string; transmitInfo?: string; ccInfo?: string; returnInfo?: string; userNumber?: string; userName?: string }) =>
  a.tx.insert(H).values({ instanceId, userNumber: a.caller.number, userName: a.caller.name, ...row });

const setInstance = (a: Act, id: number, values: Partial<Pick<Instance, 'status' | 'currentOrder' | 'steps'>>) =>
  a.tx
    .update(I)
    .set({ ...values, version: sql`${I.version} + 1`, editTime: new Date() })
    .where(eq(I.id, id));

/**
 * Moves past `from`: CC steps on the way are mailed and recorded, steps that resolved to nobody are recorded and passed; the next
 * approver step becomes current and is mailed. None left: approved, and the form type's approved hook runs.
 */
async function advance(a: Act, inst: Instance, steps: ResolvedStep[], from: number, people: People) {
  for (const step of [...steps].sort((x, y) => x.orderNo - y.orderNo)) {
    if (step.orderNo <= from) continue;
    if (step.skipped || !step.approvers.length) {
      // Resolved to nobody: passed, and the timeline shows it done by no one (no operation code).
      await addHistory(a, inst.id, { orderNo: step.orderNo, operates: '', userNumber: SYSTEM_USER, userName: '' });
      continue;
    }
    if (step.kind === 'cc') {
      const names = step.approvers.map(people.nameOf).join(', ');
      await addHistory(a, inst.id, { orderNo: step.orderNo, operates: '5', ccInfo: names, userNumber: SYSTEM_USER, userName: names });
      notify(a, step.approvers, 'cc');
      continue;
    }
    if (isActingStep(step)) {
      await setInstance(a, inst.id, { status: INSTANCE_STATUS.inApproval, currentOrder: step.orderNo, steps });
      notify(a, step.approvers, 'requested', { step: step.orderNo, title: step.title });
      return;
    }
  }
  const last = Math.max(1, ...steps.map((s) => s.orderNo));
  await setInstance(a, inst.id, { status: INSTANCE_STATUS.approved, currentOrder: last + 1, steps });
  await a.hooks.onApproved(a.tx, a.formId);
  notify(a, [inst.applicantNumber], 'approved');
}

const peopleNames = (people: People, numbers: string[]) => numbers.map(people.nameOf).join(', ');

/** The named users, each existing and enabled (personNotExist otherwise). */
function recipients(people: People, numbers: string[]): string[] {
  return numbers.map((n) => {
    const p = people.user(n);
    if (!p || p.isDisabled) refuse('personNotExist');
    return p!.number;
  });
}

/**
 * Submit (operate 1) inside the caller's transaction, for the form's applicant: the first matching template's newest
 * flow is resolved for them and the instance is created or restarted at order 1, then moved to the first step that
 * acts. Answers null when no template with a flow matches (the form needs no approval) and the notices otherwise.
 */
export async function submitForm(tx: Tx, caller: AuthUser, formType: number, formId: number, checkContent = ''): Promise<Notice[] | null> {
  const hooks = formTypeHooks(formType);
  const applicantNumber = await hooks.applicantOf(tx, formId);
  const people = await loadPeople(tx);
  const applicant = people.user(applicantNumber);
  if (!applicant) return null;
  const chosen = await chooseFlow(tx, formType, applicant);
  if (!chosen) return null;
  const a: Act = { tx, caller, formType, formId, hooks, ref: await hooks.describe(tx, formId), notices: [] };

  let inst = await instanceOf(tx, formType, formId, true);
  const refusal = refusalOf('1', inst && stateOf(inst), [], caller.number);
  if (refusal) refuse(refusal);
  const steps = resolvePath(chosen.flow, applicant, people);
  const fields = { templateId: chosen.templateId, flowId: chosen.flowId, applicantNumber: applicant.number, steps };
  // A re-submit (the form was returned or recalled) records its row above order 1, which the timeline calls Re-Submit.
  let orderNo = 1;
  if (inst) {
    const last = (await historyOf(tx, inst.id)).at(-1);
    orderNo = last ? Math.max(2, last.orderNo) : 1;
    await tx
      .update(I)
      .set({ ...fields, status: INSTANCE_STATUS.inApproval, currentOrder: 1, version: sql`${I.version} + 1`, editTime: new Date() })
      .where(eq(I.id, inst.id));
    inst = { ...inst, ...fields };
  } else {
    [inst] = await tx
      .insert(I)
      .values({ ...fields, formType, formId, status: INSTANCE_STATUS.inApproval, currentOrder: 1 })
      .returning();
  }
  await addHistory(a, inst.id, { orderNo, operates: '1', checkContent });
  await hooks.onSubmitted(tx, formId);
  await advance(a, inst, steps, 1, people);
  return a.notices;
}

/**
 * The caller may see the form on its screen, or takes part in its approval: named in its path (an approver may sit in
 * another country) or in its history (who transferred a step still follows it). Anyone else: 403.
 */
async function assertMaySee(db: Db, user: AuthUser, scope: Scope, hooks: FormTypeHooks, formId: number, inst: Instance | null) {
  if (await hooks.maySee(db, user, scope, formId)) return;
  if (!inst || !(await participates(db, user, inst))) forbidden();
}

async function participates(db: Db, user: AuthUser, inst: Instance): Promise<boolean> {
  const me = (n: string) => sameUser(n, user.number);
  if (me(inst.applicantNumber) || stateOf(inst).steps.some((s) => s.approvers.some(me))) return true;
  const [acted] = await db
    .select({ id: H.id })
    .from(H)
    .where(and(eq(H.instanceId, inst.id), sql`lower(${H.userNumber}) = ${user.number.toLowerCase()}`))
    .limit(1);
  return !!acted;
}

/**
 * Does the user take part in the form's approval (applicant, named in its path, or in its history)? Such a user may
 * read the form even outside their country or data scope: an approver in another country must see what they approve.
 */
export async function takesPart(db: Db, user: AuthUser, formType: number, formId: number): Promise<boolean> {
  const inst = await instanceOf(db, formType, formId);
  return !!inst && participates(db, user, inst);
}

/** One operation of the panel (checkworkflow). */
export async function checkWorkflow(db: Db, user: AuthUser, scope: Scope, input: CheckInput): Promise<Notice[]> {
  const hooks = formTypeHooks(input.formType);
  const op = String(input.operates);
  const seen = await instanceOf(db, input.formType, input.formId);
  await assertMaySee(db, user, scope, hooks, input.formId, seen);
  if (op === '1') {
    // Sales targets are submitted by their Release call, which checks the target first.
    if (!hooks.directSubmit) refuse('workflowCannotOperate');
    return db.transaction(async (tx) => (await submitForm(tx, user, input.formType, input.formId, input.checkContent)) ?? refuse('workflowNotExist'));
  }
  if (!seen) refuse('workflowNotExist');
  return db.transaction(async (tx) => {
    const inst = (await instanceOf(tx, input.formType, input.formId, true)) ?? refuse('workflowNotExist');
    // Someone else's operation committed between the caller's look and the lock: the caller acted on a stale view.
    if (inst.version !== seen!.version) refuse('workflowCannotOperate');
    const state = stateOf(inst);
    const history = await historyOf(tx, inst.id);
    const refusal: MessageKey | null = refusalOf(op, state, history, user.number);
    if (refusal) refuse(refusal);
    const a: Act = { tx, caller: user, formType: input.formType, formId: input.formId, hooks, ref: await hooks.describe(tx, input.formId), notices: [] };
    const people = await loadPeople(tx);
    const order = inst.currentOrder;
    const content = input.checkContent;
    switch (op) {
      case '2':
        await addHistory(a, inst.id, { orderNo: order, operates: '2', checkContent: content });
        await advance(a, inst, state.steps, order, people);
        break;
      case '3': {
        const asked = input.returnOrderNo ? stepAt(state, input.returnOrderNo) : undefined;
        const back = asked && asked.orderNo < order && isActingStep(asked) ? asked : previousApproverStep(state, order)!;
        await addHistory(a, inst.id, { orderNo: order, operates: '3', checkContent: content, returnInfo: `${back.orderNo} ${back.title}`.trim() });
        await setInstance(a, inst.id, { currentOrder: back.orderNo });
        notify(a, back.approvers, 'returned', { by: user.name, content });
        break;
      }
      case '3_1':
        await addHistory(a, inst.id, { orderNo: order, operates: '3_1', checkContent: content, returnInfo: peopleNames(people, [inst.applicantNumber]) });
        await setInstance(a, inst.id, { status: INSTANCE_STATUS.draft, currentOrder: 1 });
        await hooks.onReturnedToApplicant(tx, input.formId);
        notify(a, [inst.applicantNumber], 'returned', { by: user.name, content });
        break;
      case '4': {
        const to = listOf(input.userNumbers);
        if (!to.length) refuse('selectTransferRecipients');
        const numbers = recipients(people, to);
        await addHistory(a, inst.id, { orderNo: order, operates: '4', checkContent: content, transmitInfo: peopleNames(people, numbers) });
        const steps = state.steps.map((s) => (s.orderNo === order ? { ...s, approvers: numbers } : s));
        await setInstance(a, inst.id, { steps });
        notify(a, numbers, 'forwarded', { by: user.name, content });
        break;
      }
      case '5': {
        const to = listOf(input.userNumbers);
        if (!to.length) refuse('selectCcRecipients');
        const numbers = recipients(people, to);
        await addHistory(a, inst.id, { orderNo: order, operates: '5', checkContent: content, ccInfo: peopleNames(people, numbers) });
        notify(a, numbers, 'ccBy', { by: user.name, content });
        break;
      }
      case '-1':
        await addHistory(a, inst.id, { orderNo: order, operates: '-1', checkContent: content });
        await setInstance(a, inst.id, { status: INSTANCE_STATUS.recalled, currentOrder: 1 });
        await hooks.onRecalled(tx, input.formId);
        notify(
          a,
          (stepAt(state, order)?.approvers ?? []).filter((n) => !sameUser(n, user.number)),
          'recalled',
          { by: user.name, content },
        );
        break;
      case '-2': {
        const mine = history.filter((h) => h.operates === '2' && sameUser(h.userNumber, user.number)).at(-1)!;
        await addHistory(a, inst.id, { orderNo: mine.orderNo, operates: '-2', checkContent: content });
        await setInstance(a, inst.id, { currentOrder: mine.orderNo });
        notify(
          a,
          (stepAt(state, order)?.approvers ?? []).filter((n) => !sameUser(n, user.number)),
          'withdrawn',
          { by: user.name, content },
        );
        break;
      }
      default:
        refuse('workflowCannotOperate');
    }
    return a.notices;
  });
}

/** The history row `advance` writes for a step that resolved to nobody. */
const isSkipRow = (h: HistoryRow) => h.operates === '' && h.userNumber === SYSTEM_USER && !h.ccInfo;

const dateString = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** The panel: the history, then the steps still to come (when in approval), and the codes the caller may use now. */
export async function workflowInfo(db: Db, user: AuthUser, scope: Scope, formType: number, formId: number): Promise<WorkflowInfo> {
  const hooks = formTypeHooks(formType);
  const inst = await instanceOf(db, formType, formId);
  await assertMaySee(db, user, scope, hooks, formId, inst);
  if (!inst) return { workFlowList: [], workFlowOperates: [], lastCheckGrade: 0, signment: 0, status: null };
  const state = stateOf(inst);
  const history = await historyOf(db, inst.id);
  const people = await loadPeople(db);
  const titleOf = (orderNo: number) => stepAt(state, orderNo)?.title ?? '';
  const done: WorkflowStep[] = history.map((h) => ({
    orderNo: h.orderNo,
    // A (re-)submit is the applicant's, whatever order it is filed under (a re-submit reads as one by its order).
    title: titleOf(h.operates === '1' ? 1 : h.orderNo),
    userName: h.userName,
    sign: SIGN.done,
    operates: h.operates,
    checkContent: h.checkContent,
    checkDateString: dateString(h.checkTime),
    transmitInfo: h.transmitInfo,
    ccInfo: h.ccInfo,
    returnInfo: h.returnInfo,
    ...(isSkipRow(h) ? { skipped: true } : {}),
  }));
  const pending: WorkflowStep[] =
    inst.status === INSTANCE_STATUS.inApproval
      ? state.steps
          .filter((s) => s.orderNo >= inst.currentOrder)
          .map((s) => ({
            orderNo: s.orderNo,
            title: s.title,
            // A step that resolved to nobody is shown with no one and passed (DESIGN §10).
            userName: peopleNames(people, s.approvers),
            sign: s.orderNo === inst.currentOrder ? SIGN.inProgress : SIGN.waiting,
            operates: '',
            checkContent: '',
            checkDateString: '',
            transmitInfo: '',
            ccInfo: s.kind === 'cc' ? peopleNames(people, s.approvers) : '',
            returnInfo: '',
            ...(s.skipped || !s.approvers.length ? { skipped: true } : {}),
          }))
      : [];
  const signment = inst.status === INSTANCE_STATUS.inApproval ? SIGN.inProgress : inst.status === INSTANCE_STATUS.approved ? SIGN.done : SIGN.waiting;
  return {
    workFlowList: [...done, ...pending],
    workFlowOperates: allowedOperates(state, history, user.number),
    lastCheckGrade: inst.currentOrder,
    signment,
    status: inst.status,
  };
}

/** The mail-send variant (operate 4, no state change): mails the chosen users about a form they are pointed to. */
export async function mailSendAbout(db: Db, user: AuthUser, scope: Scope, input: CheckInput): Promise<Notice[]> {
  const hooks = formTypeHooks(input.formType);
  await assertMaySee(db, user, scope, hooks, input.formId, await instanceOf(db, input.formType, input.formId));
  const to = listOf(input.userNumbers);
  if (!to.length) refuse('msgSelectPersonnel');
  const numbers = recipients(await loadPeople(db), to);
  const ref = await hooks.describe(db, input.formId);
  return [{ to: numbers, event: 'pointed', params: { by: user.name, content: input.checkContent }, ref, formType: input.formType, formId: input.formId }];
}

/**
 * Sends the notices (after the commit): one mail per recipient with an e-mail address, with a link to the form's
 * screen. A failed mail is recorded by the mailer and logged here; it never undoes the operation.
 */
export async function sendNotices(
  db: Db,
  config: Config,
  mailer: Mailer,
  log: { warn(obj: object, msg: string): void },
  from: AuthUser,
  notices: Notice[],
): Promise<void> {
  for (const n of notices) {
    const route = formTypeOf(n.formType)?.route;
    const link = route ? `${config.PUBLIC_URL.replace(/\/$/, '')}${route}?id=${n.formId}` : '';
    const rows = await db
      .select({ number: users.number, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(inArray(sql`lower(${users.number})`, n.to.map((t) => t.toLowerCase())));
    for (const r of rows) {
      if (!r.email) continue;
      const { subject, text } = noticeText(r.language, n.event, n.ref, n.params, link);
      try {
        await mailer.send({
          to: { name: r.name, email: r.email },
          subject,
          text,
          safeText: text,
          from: { number: from.number, name: from.name },
          formType: n.formType,
          formId: n.formId,
          // The form reference the mail-record list shows and searches (the spec's PO number).
          poNumber: n.ref,
        });
      } catch (err) {
        log.warn({ error: describeError(err), to: r.number }, 'workflow mail failed');
      }
    }
  }
}
