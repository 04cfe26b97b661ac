// The approval panel's rules (spec part 3 §2.4, §4.1, §5; DESIGN §10), pure so the unit tests reach them directly:
// which buttons show (exactly the allowed codes, in a fixed order), which ask for confirmation, which need recipients,
// the checkworkflow payload of a code, and how a timeline step is labelled and coloured.
import type { Operate, WorkflowInfo, WorkflowStep } from '@/shared/contracts/workflow';
import { OPERATES } from '@/shared/contracts/workflow';

/** Approval content limit (spec part 3 §5, §9). */
export const MAX_CHECK_CONTENT = 1000;

/** Operations that ask before they run (spec part 3 §2.4): recall, withdraw, return and return to the applicant. */
const CONFIRMED: ReadonlySet<Operate> = new Set<Operate>(['-1', '-2', '3', '3_1']);
/** Operations that need chosen users (spec part 3 §5): transfer and copy. */
const WITH_RECIPIENTS: ReadonlySet<Operate> = new Set<Operate>(['4', '5']);
const RETURNS = new Set(['3', '3_1']);

export const needsConfirm = (code: Operate) => CONFIRMED.has(code);
export const needsRecipients = (code: Operate) => WITH_RECIPIENTS.has(code);

/** The buttons to show: only codes the server allows, known to the contract, in the contract's order. */
export function allowedButtons(allowed: readonly string[]): Operate[] {
  const set = new Set(allowed.map((c) => c.trim()));
  return OPERATES.filter((c) => set.has(c));
}

/** The panel shows its error result when the timeline has one step or none (spec part 3 §2.4). */
export const hasFlow = (info: Pick<WorkflowInfo, 'workFlowList'>) => info.workFlowList.length > 1;

/** Submit is a re-submit once the form has been submitted before (spec part 3 §4.1: operate 1 above order 1). */
export const isResubmit = (info: Pick<WorkflowInfo, 'workFlowList'>) =>
  info.workFlowList.some((s) => s.operates.trim() === '1' && s.checkDateString !== '');

/** The button's / the operation's label key under workflow.panel.op. */
export function operateKey(code: string, resubmit = false): string {
  const c = code.trim();
  if (c === '1' && resubmit) return 'workflow.panel.op.resubmit';
  return (OPERATES as readonly string[]).includes(c) ? `workflow.panel.op.${c}` : '';
}

export interface ActionInput {
  formType: number;
  formId: number;
  content: string;
  /** Chosen user numbers (transfer and copy). */
  recipients: readonly string[];
}

/**
 * The checkworkflow payload of a button. Codes are numbers on the wire except '3_1' (return to the applicant); a plain
 * return (3) leaves the step to the engine (returnOrderNo 0: the previous approver step).
 */
export function actionPayload(code: Operate, input: ActionInput) {
  return {
    formType: input.formType,
    formId: input.formId,
    operates: code === '3_1' ? ('3_1' as const) : Number(code),
    checkContent: input.content.slice(0, MAX_CHECK_CONTENT),
    userNumbers: needsRecipients(code) ? input.recipients.join(',') : '',
    returnOrderNo: code === '3_1' ? 1 : 0,
  };
}

/** Pending Approval / In Approval / Approved by the step's sign (spec part 3 §4.1). */
export const signKey = (sign: number) => `workflow.panel.sign.${sign > 2 ? 2 : sign < 0 ? 0 : sign}`;

/**
 * Timeline colour (spec part 3 §4.1): red for a return at the last check grade while signment is 0 (the form is back
 * with its applicant: the return row at the current order, or the latest signed row), blue when the sign is above 0,
 * grey for a step still waiting.
 */
export function stepColor(step: WorkflowStep, info: Pick<WorkflowInfo, 'lastCheckGrade' | 'signment' | 'workFlowList'>): 'red' | 'blue' | 'gray' {
  const isReturn = RETURNS.has(step.operates.trim()) || step.returnInfo.trim() !== '';
  if (info.signment === 0 && isReturn) {
    const lastSigned = info.workFlowList.filter((s) => s.sign > 0).at(-1);
    if (step.orderNo === info.lastCheckGrade || step === lastSigned) return 'red';
  }
  return step.sign > 0 ? 'blue' : 'gray';
}
