// Who may do what on an approval now (DESIGN §10, spec part 3 §4.1): one function decides, for the panel's list of
// operation codes (getworkflowinfo) and again inside the row lock before an operation (checkworkflow), so the two
// never disagree.
import type { MessageKey } from '@/shared/contracts/messages';
import type { Operate } from '@/shared/contracts/workflow';
import type { ResolvedStep } from '@/shared/domain/workflow-path';
import { INSTANCE_STATUS } from '@/shared/domain/workflow';

export interface InstanceState {
  applicantNumber: string;
  status: number;
  currentOrder: number;
  steps: ResolvedStep[];
}

export interface HistoryEntry {
  orderNo: number;
  userNumber: string;
  operates: string;
}

/** History rows the engine writes itself (a CC step passed on the way) carry no user: nobody acted. */
export const SYSTEM_USER = '';

/** The codes the panel may offer (submit goes through the form's own button). */
export const PANEL_OPERATES: readonly Operate[] = ['2', '3', '3_1', '4', '5', '-1', '-2'];

/** Operations by which an approver has acted on the form (a copy informs, it does not act). */
const ACTS = new Set(['2', '3', '3_1', '4', '-2']);

export const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const stepAt = (s: InstanceState, orderNo: number) => s.steps.find((x) => x.orderNo === orderNo);

const isCurrentApprover = (s: InstanceState, caller: string) =>
  s.status === INSTANCE_STATUS.inApproval && (stepAt(s, s.currentOrder)?.approvers ?? []).some((n) => sameUser(n, caller));

/** An approver step that people act on (not the submit, not a CC, not resolved to nobody). */
export const isActingStep = (x: ResolvedStep) => x.kind === 'approve' && !x.skipped && x.approvers.length > 0;

/** The approver step before `orderNo`, if any: where a return (3) goes. */
export const previousApproverStep = (s: InstanceState, orderNo: number): ResolvedStep | undefined =>
  s.steps.filter((x) => x.orderNo < orderNo && isActingStep(x)).sort((a, b) => b.orderNo - a.orderNo)[0];

/** The rows written since the last submit, people's only. */
const sinceSubmit = (history: HistoryEntry[]) => {
  const lastSubmit = history.map((h) => h.operates).lastIndexOf('1');
  return history.slice(lastSubmit + 1).filter((h) => h.userNumber !== SYSTEM_USER);
};

/**
 * Why the caller may not use `op` now (a message key), or null when they may. Recipients (4, 5) are checked apart:
 * they depend on the payload, not on the state.
 */
export function refusalOf(op: string, s: InstanceState | null, history: HistoryEntry[], caller: string): MessageKey | null {
  if (op === '1') {
    if (s && (s.status === INSTANCE_STATUS.inApproval || s.status === INSTANCE_STATUS.approved)) return 'workflowCannotOperate';
    return null;
  }
  if (!s) return 'workflowNotExist';
  switch (op) {
    case '2':
    case '3_1':
    case '4':
    case '5':
      return isCurrentApprover(s, caller) ? null : 'workflowCannotOperate';
    case '3':
      if (!isCurrentApprover(s, caller)) return 'workflowCannotOperate';
      return previousApproverStep(s, s.currentOrder) ? null : 'cannotReturnFirstApprover';
    case '-1':
      if (!sameUser(s.applicantNumber, caller)) return 'workflowCannotOperate';
      if (s.status === INSTANCE_STATUS.draft || s.status === INSTANCE_STATUS.recalled) return 'cannotRecallNotSubmitted';
      if (s.status === INSTANCE_STATUS.approved) return 'cannotRecallOperated';
      return sinceSubmit(history).some((h) => ACTS.has(h.operates)) ? 'cannotRecallOperated' : null;
    case '-2': {
      if (s.status !== INSTANCE_STATUS.inApproval) return 'workflowCannotOperate';
      // The caller's approval is the last act: the next step has not acted since (a copy informs, it does not act).
      const last = sinceSubmit(history)
        .filter((h) => ACTS.has(h.operates))
        .at(-1);
      return last && last.operates === '2' && sameUser(last.userNumber, caller) && last.orderNo < s.currentOrder ? null : 'workflowCannotOperate';
    }
    default:
      return 'workflowCannotOperate';
  }
}

export const allowedOperates = (s: InstanceState | null, history: HistoryEntry[], caller: string): string[] =>
  s ? PANEL_OPERATES.filter((op) => refusalOf(op, s, history, caller) === null) : [];
