// Approval workflow constants both sides use (spec part 3 §4.1, §9; DESIGN §10): the form types that can go through
// approval (declared here and nowhere else), the timeline's step signs and the label keys of the operations.
import type { Operate } from '@/shared/contracts/workflow';

export interface FormTypeDef {
  value: number;
  /** Translated by the screens (workflow.formTypes.<value>). */
  labelKey: string;
  /** The screen that shows a form of this type (query id = form id); null = no form screen (mail only). */
  route: string | null;
}

/** 1 sales target release; 9 the forgot-password mail (spec constant: mail only, never a flow). */
export const FORM_TYPES: readonly FormTypeDef[] = [
  { value: 1, labelKey: 'workflow.formTypes.1', route: '/SalesTargetEdit' },
  { value: 9, labelKey: 'workflow.formTypes.9', route: null },
];

export const FORM_TYPE = { salesTarget: 1, forgotPassword: 9 } as const;

export const formTypeOf = (value: number): FormTypeDef | undefined => FORM_TYPES.find((f) => f.value === value);

/** Form types a template (and so a flow) can be made for: those with a form screen. */
export const FLOW_FORM_TYPES: readonly FormTypeDef[] = FORM_TYPES.filter((f) => f.route !== null);

/** Timeline step sign (spec part 3 §4.1). */
export const SIGN = { waiting: 0, inProgress: 1, done: 2 } as const;
export type Sign = (typeof SIGN)[keyof typeof SIGN];
/** Pending Approval, In Approval, Approved (locales/<lang>/workflow-panel.json). */
export const signLabelKey = (sign: number): string => `workflow.panel.sign.${sign}`;

/** Instance status (DESIGN §10): 0 draft or returned to the applicant, 1 in approval, 2 approved, -1 recalled. */
export const INSTANCE_STATUS = { draft: 0, inApproval: 1, approved: 2, recalled: -1 } as const;

/** Label keys of the operations (the panel's buttons and the timeline's words); 1 above order 1 is a re-submit. */
export const OPERATE_LABEL_KEYS: Readonly<Record<Operate, string>> = {
  '1': 'workflow.panel.op.1',
  '2': 'workflow.panel.op.2',
  '3': 'workflow.panel.op.3',
  '3_1': 'workflow.panel.op.3_1',
  '4': 'workflow.panel.op.4',
  '5': 'workflow.panel.op.5',
  '-1': 'workflow.panel.op.-1',
  '-2': 'workflow.panel.op.-2',
};
export const RESUBMIT_LABEL_KEY = 'workflow.panel.op.resubmit';

export const operateLabelKey = (operate: string, orderNo = 1): string => {
  if (operate === '1' && orderNo > 1) return RESUBMIT_LABEL_KEY;
  return (OPERATE_LABEL_KEYS as Record<string, string>)[operate] ?? operate;
};
