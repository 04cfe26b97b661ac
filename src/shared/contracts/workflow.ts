// Workflow calls (spec part 3 §7; DESIGN §10): templates, versioned flows, the approval engine's info and operations.
// mailsend2 with form type 9 is the forgot-password mail.
import { z } from 'zod';
import { get, listParams, listResult, none, onRoute, PAGE_SIZE_MAX, post } from './endpoint';
import { FORGOT_PASSWORD, identityRoutes } from './routes';
import { id, int, optBool, optInt, optText, recordId, reqBool } from './fields';

export { FORGOT_PASSWORD };

export const checkPayload = z.object({
  userNumber: z.string().max(100).default(''),
  formType: int(),
  formId: int().default(0),
  checkContent: z.string().max(1000).default(''),
  /** An operation code (spec part 3 §4.1): a number, or '3_1' (return to the applicant), which is not one. */
  operates: z.union([int(), z.literal('3_1')]).default(0),
  userNumbers: z.string().max(5000).default(''),
  returnOrderNo: int().default(0),
  orderNumber: z.string().max(100).default(''),
  sapOrderNumber: z.string().max(100).default(''),
});

/** Public only for the forgot-password form type; the reply is the same whether or not the account exists. */
export const mailSend2 = onRoute(identityRoutes.mailSend2, checkPayload, z.null(), 'public');

// ---- Templates, flows and the approval engine (spec part 3 §2.1–2.5, §3, §4, §7; DESIGN §10)


export const templateItem = z.object({
  id: z.number(),
  formType: z.number(),
  /** The form type's label key (workflow.formTypes.<value>), shown by the list. */
  formTypeString: z.string(),
  templateName: z.string(),
  /** Comma lists of company numbers, department numbers and user numbers; all empty = everyone. */
  companys: z.string(),
  departments: z.string(),
  users: z.string(),
  sort: z.number(),
  isDisabled: z.boolean(),
  version: z.number(),
  /** The newest flow version, 0 when no flow is set yet. */
  flowVersion: z.number(),
});
export type TemplateItem = z.infer<typeof templateItem>;

/** Default 50 a page (spec part 3 §9); isDisabled defaults to false on the screen. */
export const getTemplatePage = get(
  '/api/workflow/gettemplatepage',
  listParams.extend({ pageSize: int(1, PAGE_SIZE_MAX).default(50), formType: optInt, templateName: optText, isDisabled: optBool }),
  listResult(templateItem),
);
export const getTemplateById = get('/api/workflow/gettemplatebyid', z.object({ id: recordId }), templateItem);

const commaList = z.string().trim().max(5000).default('');
export const templateForm = z.object({
  id: id.default(0),
  formType: int(1, 999),
  templateName: z.string().trim().min(1).max(100),
  companys: commaList,
  departments: commaList,
  users: commaList,
  sort: int(0, 99_999),
  version: optInt,
});
export type TemplateFormInput = z.input<typeof templateForm>;
/** Id 0 adds; a name already used gives msgAddTemplateNameExist. */
export const addOrEditTemplate = post('/api/workflow/addoredittemplate', templateForm, templateItem);
export const delTemplate = post('/api/workflow/deltemplate', z.object({ id: recordId }), none);
export const disabledTemplate = post('/api/workflow/disabledtemplate', z.object({ id: recordId, isDisabled: reqBool }), none);

export const formTypeOption = z.object({ value: z.number(), label: z.string() });
export const getFormTypes = get('/api/workflow/getformtypes', z.object({}), z.array(formTypeOption));

/** Node types (spec part 3 §3): 1 approver (C-1: the applicant), 2 condition container, 3 condition branch, 4 merge, 5 CC. */
export const NODE_TYPE = { approver: 1, container: 2, branch: 3, merge: 4, cc: 5 } as const;

/** A designer node, flat: the tree is given by parentCode (domain/workflow-flow.ts says how). */
export const flowNode = z.object({
  code: z.string().trim().min(1).max(200),
  type: int(1, 5),
  title: z.string().trim().max(100).default(''),
  parentCode: z.string().trim().max(200).default(''),
  drawer: z.boolean().default(false),
});
export type FlowNode = z.infer<typeof flowNode>;

/**
 * A rule of a node (parentCode = the node's code). Approver nodes: whereType 1 applicant, 2 users, 3 superiors up to
 * whereMaxGrade/whereMaxRank, 4 department leaders likewise; CC nodes: 2 users (default); branches: 1001–1014
 * (spec part 3 §4.2). Lists are comma lists of user numbers, department numbers, company numbers, grades, ranks.
 */
export const whereRule = z.object({
  parentCode: z.string().trim().min(1).max(200),
  whereType: int(1, 1014),
  whereUsers: commaList,
  whereDepartments: commaList,
  whereCompanys: commaList,
  whereGrades: commaList,
  whereRanks: commaList,
  whereMaxGrade: optInt,
  whereMaxRank: optInt,
  whereIsAddUser: z.boolean().default(false),
});
export type WhereRule = z.infer<typeof whereRule>;

export const flowData = z.object({ workFlowList: z.array(flowNode).max(500), whereList: z.array(whereRule).max(2000) });
export type FlowData = z.infer<typeof flowData>;

export const getFlowByTemplateId = get('/api/workflow/getflowbytemplateid', z.object({ templateId: recordId }), flowData.extend({ version: z.number() }));
/** Validates the tree (domain/workflow-flow.ts validateFlow) and saves a new version; empty: msgSetFolwAddBranch. */
export const setFlow = post(
  '/api/workflow/setflow',
  // A missing or null list is an empty flow, which the server refuses with msgSetFolwAddBranch (spec part 3 §5).
  z.object({
    id: recordId,
    workFlowList: z.array(flowNode).max(500).nullish().transform((v) => v ?? []),
    whereList: z.array(whereRule).max(2000).nullish().transform((v) => v ?? []),
  }),
  z.object({ version: z.number() }),
);

/** Operation codes the engine offers (spec part 3 §4.1). */
export const OPERATES = ['1', '2', '3', '3_1', '4', '5', '-1', '-2'] as const;
export type Operate = (typeof OPERATES)[number];

/** A timeline step (spec part 3 §3 "Workflow step"). sign: 0 waiting, 1 in progress, 2 done. */
export const workflowStep = z.object({
  orderNo: z.number(),
  title: z.string(),
  userName: z.string(),
  sign: z.number(),
  operates: z.string(),
  checkContent: z.string(),
  checkDateString: z.string(),
  transmitInfo: z.string(),
  ccInfo: z.string(),
  returnInfo: z.string(),
  /** A step whose rule resolved to nobody: passed without anyone acting (DESIGN §10). */
  skipped: z.boolean().optional(),
});
export type WorkflowStep = z.infer<typeof workflowStep>;

export const workflowInfo = z.object({
  workFlowList: z.array(workflowStep),
  /** Exactly the operation codes the caller may use now. */
  workFlowOperates: z.array(z.string()),
  lastCheckGrade: z.number(),
  signment: z.number(),
  /** The instance's status: 0 draft or returned to the applicant, 1 in approval, 2 approved, -1 recalled; null = none yet. */
  status: z.number().nullable(),
});
export type WorkflowInfo = z.infer<typeof workflowInfo>;

export const getWorkflowInfo = get('/api/workflow/getworkflowinfo', z.object({ formType: int(1, 999), formId: recordId }), workflowInfo);
/** One operation (operates) on the form's approval; returnOrderNo for operate 3; userNumbers for 4 and 5. */
export const checkWorkflow = post('/api/workflow/checkworkflow', checkPayload, none);
/** Mails the chosen users about a form (operate 4, no state change). */
export const mailSend = post('/api/workflow/mailsend', checkPayload, none);
