// The approval designer's tree rules (spec part 3 §2.3, §4.2–4.3, §5; DESIGN §10), used by the designer screen and by
// the server's setflow: the flat node list (parentCode links) as a tree, adding and removing nodes, renumbering codes,
// the where rules of each node and the validation of a whole flow.
//
// The stored shape stays the flat FlowData of the contracts; every edit goes flat → tree → edit → flat, and the way
// back renumbers, so a node's code is always its parent's code + '-' + its 1-based place among the parent's children.
import type { MessageKey } from '@/shared/contracts/messages';
import { NODE_TYPE, type FlowData, type FlowNode, type WhereRule } from '@/shared/contracts/workflow';
import { GRADE_MAX, GRADE_MIN } from './organisation';

export type FlowTree = FlowData;

export const ROOT_CODE = 'C-1';
/** Ranks offered by the designer for the stop rule of approver types 3 and 4 (spec part 3 §9). */
export const FLOW_RANK_MAX = 20;

/** Approver rule types (spec part 3 §4.2). */
export const APPROVER_WHERE = { applicant: 1, users: 2, superiors: 3, departmentLeaders: 4 } as const;
export const APPROVER_WHERE_TYPES = [1, 2, 3, 4] as const;
export const CC_WHERE_TYPE = 2;
/** Branch condition types 1001–1014: odd = "is", even = "is not". */
export const BRANCH_WHERE_TYPES = Array.from({ length: 14 }, (_, i) => 1001 + i);
export const DEFAULT_BRANCH_WHERE_TYPE = 1001;

/** A node of the nested view: for a container, `branches` are its branches and `next` is its merge node. */
export interface TreeNode {
  node: FlowNode;
  rules: WhereRule[];
  next: TreeNode | null;
  branches: TreeNode[];
}

export type AddKind = 'approver' | 'branch' | 'cc';
export type ListKind = 'users' | 'departments' | 'companys' | 'grades' | 'ranks' | 'maxGradeRank' | 'none';
export interface FlowError {
  code: string;
  message: MessageKey;
}

const NODE_LABELS: Record<number, string> = {
  1: 'workflow.node.approver',
  2: 'workflow.node.container',
  3: 'workflow.node.branch',
  4: 'workflow.node.merge',
  5: 'workflow.node.cc',
};
/** The label key of a node type; C-1 (type 1 at the root) is the applicant (workflow.node.applicant). */
export const nodeLabelKey = (type: number, code?: string): string =>
  code === ROOT_CODE ? 'workflow.node.applicant' : (NODE_LABELS[type] ?? 'workflow.node.unknown');
export const whereTypeLabelKey = (whereType: number): string => `workflow.whereTypes.${whereType}`;

/** Which list of a rule a where type fills (spec part 3 §4.2). */
export const listKindOf = (whereType: number): ListKind => {
  switch (whereType) {
    case 2:
    case 1001:
    case 1002:
    case 1007:
    case 1008:
    case 1009:
    case 1010:
      return 'users';
    case 1003:
    case 1004:
      return 'departments';
    case 1005:
    case 1006:
      return 'companys';
    case 1011:
    case 1012:
      return 'grades';
    case 1013:
    case 1014:
      return 'ranks';
    case 3:
    case 4:
      return 'maxGradeRank';
    default:
      return 'none';
  }
};

export const newRule = (parentCode: string, whereType: number): WhereRule => ({
  parentCode,
  whereType,
  whereUsers: '',
  whereDepartments: '',
  whereCompanys: '',
  whereGrades: '',
  whereRanks: '',
  whereMaxGrade: undefined,
  whereMaxRank: undefined,
  whereIsAddUser: false,
});

const newNode = (type: number): TreeNode => ({
  node: { code: '', type, title: nodeLabelKey(type), parentCode: '', drawer: false },
  rules: type === NODE_TYPE.approver ? [newRule('', 1)] : type === NODE_TYPE.cc ? [newRule('', CC_WHERE_TYPE)] : [],
  next: null,
  branches: [],
});

/** A flow with just the applicant node C-1 and its fixed rule. */
export const initialFlow = (): FlowData => ({
  workFlowList: [{ code: ROOT_CODE, type: NODE_TYPE.approver, title: nodeLabelKey(1, ROOT_CODE), parentCode: '', drawer: false }],
  whereList: [newRule(ROOT_CODE, APPROVER_WHERE.applicant)],
});

const lastNumber = (code: string) => {
  const n = Number(code.slice(code.lastIndexOf('-') + 1));
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/**
 * The nested view of a flat flow (fresh copies, safe to change). The root is C-1 (or the first node without a
 * parent); children are ordered by their code's last number. Nodes not reachable from the root are left out; a
 * node with more children than it may have keeps the first (validateFlow reports the rest).
 */
export function treeOf(flow: FlowData): TreeNode | null {
  const nodes = flow.workFlowList ?? [];
  const root = nodes.find((n) => n.code === ROOT_CODE && !n.parentCode) ?? nodes.find((n) => !n.parentCode);
  if (!root) return null;
  const childrenOf = new Map<string, FlowNode[]>();
  for (const n of nodes) {
    if (!n.parentCode) continue;
    const list = childrenOf.get(n.parentCode) ?? [];
    list.push(n);
    childrenOf.set(n.parentCode, list);
  }
  const rulesOf = new Map<string, WhereRule[]>();
  for (const r of flow.whereList ?? []) {
    const list = rulesOf.get(r.parentCode) ?? [];
    list.push({ ...r });
    rulesOf.set(r.parentCode, list);
  }
  const seen = new Set<string>();
  const build = (n: FlowNode): TreeNode => {
    seen.add(n.code);
    const kids = [...(childrenOf.get(n.code) ?? [])]
      .filter((k) => !seen.has(k.code))
      .sort((a, b) => lastNumber(a.code) - lastNumber(b.code));
    const t: TreeNode = { node: { ...n }, rules: rulesOf.get(n.code) ?? [], next: null, branches: [] };
    if (n.type === NODE_TYPE.container) {
      t.branches = kids.filter((k) => k.type === NODE_TYPE.branch).map(build);
      const merge = kids.find((k) => k.type === NODE_TYPE.merge);
      t.next = merge ? build(merge) : null;
    } else if (kids[0]) {
      t.next = build(kids[0]);
    }
    return t;
  };
  return build(root);
}

/** Back to the flat shape, renumbering every code and moving the rules with their node. */
export function flatten(root: TreeNode | null): FlowData {
  const out: FlowData = { workFlowList: [], whereList: [] };
  const emit = (t: TreeNode, code: string, parentCode: string) => {
    out.workFlowList.push({ ...t.node, code, parentCode });
    for (const r of t.rules) out.whereList.push({ ...r, parentCode: code });
    const kids = t.node.type === NODE_TYPE.container ? [...t.branches, ...(t.next ? [t.next] : [])] : t.next ? [t.next] : [];
    kids.forEach((k, i) => emit(k, `${code}-${i + 1}`, code));
  };
  if (root) emit(root, ROOT_CODE, '');
  return out;
}

export const renumber = (flow: FlowData): FlowData => flatten(treeOf(flow));

// ---- editing

type Holder = { parent: TreeNode; slot: 'next' } | { parent: TreeNode; slot: 'branch'; index: number };
interface Found {
  target: TreeNode;
  holder: Holder | null;
}

function locate(t: TreeNode, code: string, holder: Holder | null = null): Found | null {
  if (t.node.code === code) return { target: t, holder };
  for (let i = 0; i < t.branches.length; i++) {
    const f = locate(t.branches[i], code, { parent: t, slot: 'branch', index: i });
    if (f) return f;
  }
  return t.next ? locate(t.next, code, { parent: t, slot: 'next' }) : null;
}

const setSlot = (h: Holder, value: TreeNode | null) => {
  if (h.slot === 'next') h.parent.next = value;
  else if (value) h.parent.branches[h.index] = value;
  else h.parent.branches.splice(h.index, 1);
};

/** Runs an edit on a fresh tree (codes as in `flow`, renumbered first) and flattens it again. */
function edit(flow: FlowData, change: (root: TreeNode) => void): FlowData {
  const root = treeOf(renumber(flow));
  if (!root) return flatten(null);
  change(root);
  return flatten(root);
}

/**
 * Inserts an approver, a CC node or a condition container (two empty branches and its merge node) after `code`.
 * After a branch card it becomes the branch's first node; after a container it goes after the container's merge.
 */
export function addAfter(flow: FlowData, code: string, kind: AddKind): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, code);
    if (!found) return;
    let at = found.target;
    if (at.node.type === NODE_TYPE.container && at.next) at = at.next;
    const rest = at.next;
    if (kind === 'branch') {
      const container = newNode(NODE_TYPE.container);
      const merge = newNode(NODE_TYPE.merge);
      container.branches = [newNode(NODE_TYPE.branch), newNode(NODE_TYPE.branch)];
      container.next = merge;
      merge.next = rest;
      at.next = container;
    } else {
      const n = newNode(kind === 'cc' ? NODE_TYPE.cc : NODE_TYPE.approver);
      n.next = rest;
      at.next = n;
    }
  });
}

/** Adds an empty branch (no conditions) to a container, after its other branches (before the merge). */
export function addBranch(flow: FlowData, containerCode: string): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, containerCode);
    if (found?.target.node.type === NODE_TYPE.container) found.target.branches.push(newNode(NODE_TYPE.branch));
  });
}

/**
 * Removes a node. An approver or CC node: its next node takes its place. A branch: the branch and its nodes go, and
 * when fewer than two branches would remain the whole container goes with its merge node and the remaining branch's
 * nodes (spec part 3 §4.3); what followed the merge reattaches. A container or merge node: the whole container.
 * C-1 cannot be removed (the flow comes back unchanged, renumbered).
 */
export function removeNode(flow: FlowData, code: string): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, code);
    if (!found?.holder) return;
    const { target, holder } = found;
    const removeContainer = (c: TreeNode, h: Holder) => setSlot(h, c.next?.next ?? null);
    switch (target.node.type) {
      case NODE_TYPE.branch: {
        if (holder.slot !== 'branch') return;
        const container = holder.parent;
        if (container.branches.length - 1 >= 2) {
          container.branches.splice(holder.index, 1);
          return;
        }
        const outer = locate(root, container.node.code);
        if (outer?.holder) removeContainer(container, outer.holder);
        return;
      }
      case NODE_TYPE.container:
        removeContainer(target, holder);
        return;
      case NODE_TYPE.merge: {
        const outer = locate(root, holder.parent.node.code);
        if (outer?.holder) removeContainer(holder.parent, outer.holder);
        return;
      }
      default:
        setSlot(holder, target.next);
    }
  });
}

/** Adds a condition (default 1001, empty list) to a branch. */
export function addCondition(flow: FlowData, branchCode: string): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, branchCode);
    if (found?.target.node.type === NODE_TYPE.branch) found.target.rules.push(newRule(branchCode, DEFAULT_BRANCH_WHERE_TYPE));
  });
}

/** Removes the condition at `index` of a branch (a branch with none left is the "else" branch). */
export function removeCondition(flow: FlowData, branchCode: string, index: number): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, branchCode);
    if (found?.target.node.type === NODE_TYPE.branch && index >= 0 && index < found.target.rules.length) {
      found.target.rules.splice(index, 1);
    }
  });
}

/**
 * Sets the rule at `index` of a node (approver and CC nodes: index 0; `index` = the count appends). C-1's rule is
 * fixed and stays. The rule's parentCode follows the node.
 */
export function setRule(flow: FlowData, code: string, index: number, rule: WhereRule): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, code);
    if (!found?.holder) return;
    const rules = found.target.rules;
    if (index < 0 || index > rules.length) return;
    rules[index] = { ...rule, parentCode: code };
  });
}

/** Sets a node's title and other card fields (not C-1's, which is fixed). */
export function setNode(flow: FlowData, code: string, patch: Partial<Pick<FlowNode, 'title' | 'drawer'>>): FlowData {
  return edit(flow, (root) => {
    const found = locate(root, code);
    if (found?.holder) Object.assign(found.target.node, patch);
  });
}

// ---- validation

/** Look-ups the server passes to check the named people, departments and companies (spec part 3 §5; DESIGN §10). */
export interface FlowLookups {
  user(number: string): { isDisabled: boolean } | undefined;
  department?(number: string): { isDisabled: boolean } | undefined;
  company?(number: string): { isDisabled: boolean } | undefined;
}

export const splitList = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const listOf = (rule: WhereRule, kind: ListKind): string[] => {
  switch (kind) {
    case 'users':
      return splitList(rule.whereUsers);
    case 'departments':
      return splitList(rule.whereDepartments);
    case 'companys':
      return splitList(rule.whereCompanys);
    case 'grades':
      return splitList(rule.whereGrades);
    case 'ranks':
      return splitList(rule.whereRanks);
    default:
      return [];
  }
};

const inRange = (v: number | undefined, min: number, max: number) => v === undefined || (Number.isInteger(v) && v >= min && v <= max);
const isIntIn = (s: string, min: number, max: number) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max;

function checkRule(rule: WhereRule, code: string, lookups: FlowLookups | undefined, out: FlowError[]) {
  const kind = listKindOf(rule.whereType);
  const list = listOf(rule, kind);
  const fail = (message: MessageKey) => out.push({ code, message });
  if (kind === 'maxGradeRank') {
    if (!inRange(rule.whereMaxGrade, GRADE_MIN, GRADE_MAX) || !inRange(rule.whereMaxRank, 1, FLOW_RANK_MAX)) fail('validationError');
    return;
  }
  if (kind === 'none') return;
  // A CC rule that copies the applicant needs no listed users.
  if (list.length === 0) {
    if (!(rule.whereType === CC_WHERE_TYPE && rule.whereIsAddUser)) fail(kind === 'users' ? 'msgSelectPersonnel' : 'validationError');
    return;
  }
  if (kind === 'grades' && !list.every((g) => isIntIn(g, GRADE_MIN, GRADE_MAX))) fail('validationError');
  if (kind === 'ranks' && !list.every((r) => isIntIn(r, 1, 21))) fail('validationError');
  if (!lookups) return;
  if (kind === 'users') {
    for (const number of list) {
      const u = lookups.user(number);
      if (!u) fail('flowAccountNotExist');
      else if (u.isDisabled) fail('flowAccountDisabled');
      if (!u || u.isDisabled) return;
    }
  }
  const other = kind === 'departments' ? lookups.department : kind === 'companys' ? lookups.company : undefined;
  // A missing or disabled department or company cannot be picked again, so both read as not found.
  if (other && list.some((n) => !other(n) || other(n)?.isDisabled)) fail('notFound');
}

/**
 * Every problem of a flow, each with the node code it concerns; empty = valid. Structure: a flow with no node after
 * C-1 → msgSetFolwAddBranch; C-1 first and fixed; codes unique and as renumber() gives them; containers with ≥ 2
 * branches and one merge; at most one next node elsewhere. Rules: approver nodes one rule 1–4, CC nodes one rule 2,
 * branches rules 1001–1014, each with its list filled (users → msgSelectPersonnel); with `lookups`, the named users
 * exist and are enabled (flowAccountNotExist / flowAccountDisabled).
 */
export function validateFlow(flow: FlowData | null | undefined, lookups?: FlowLookups): FlowError[] {
  const out: FlowError[] = [];
  const nodes = flow?.workFlowList ?? [];
  const rules = flow?.whereList ?? [];
  if (nodes.length <= 1) return [{ code: nodes[0]?.code ?? '', message: 'msgSetFolwAddBranch' }];
  const first = nodes[0];
  const rootRules = rules.filter((r) => r.parentCode === ROOT_CODE);
  if (first.code !== ROOT_CODE || first.parentCode !== '' || first.type !== NODE_TYPE.approver) {
    out.push({ code: first.code, message: 'validationError' });
  }
  if (rootRules.length !== 1 || rootRules[0].whereType !== APPROVER_WHERE.applicant) out.push({ code: ROOT_CODE, message: 'validationError' });

  const byCode = new Map<string, FlowNode>();
  for (const n of nodes) {
    if (byCode.has(n.code)) out.push({ code: n.code, message: 'validationError' });
    byCode.set(n.code, n);
  }
  for (const r of rules) if (!byCode.has(r.parentCode)) out.push({ code: r.parentCode, message: 'validationError' });
  // The codes must be exactly those renumber() gives: this catches orphans, cycles, loose parents and wrong numbers.
  const canonical = renumber(flow!);
  const same =
    canonical.workFlowList.length === nodes.length &&
    canonical.workFlowList.every((n) => byCode.get(n.code)?.parentCode === n.parentCode && byCode.get(n.code)?.type === n.type);
  if (!same) out.push({ code: '', message: 'validationError' });

  const children = new Map<string, FlowNode[]>();
  for (const n of nodes) if (n.parentCode) children.set(n.parentCode, [...(children.get(n.parentCode) ?? []), n]);
  let hasNodeAfterRoot = false;
  for (const n of nodes) {
    const kids = children.get(n.code) ?? [];
    const own = rules.filter((r) => r.parentCode === n.code);
    if (n.code !== ROOT_CODE) hasNodeAfterRoot = true;
    switch (n.type) {
      case NODE_TYPE.container: {
        const branches = kids.filter((k) => k.type === NODE_TYPE.branch).length;
        const merges = kids.filter((k) => k.type === NODE_TYPE.merge).length;
        if (branches < 2) out.push({ code: n.code, message: 'msgSetFolwAddBranch' });
        if (merges !== 1 || branches + merges !== kids.length) out.push({ code: n.code, message: 'validationError' });
        if (own.length) out.push({ code: n.code, message: 'validationError' });
        break;
      }
      case NODE_TYPE.branch:
        if (kids.length > 1) out.push({ code: n.code, message: 'validationError' });
        for (const r of own) {
          if (r.whereType < 1001 || r.whereType > 1014) out.push({ code: n.code, message: 'validationError' });
          else checkRule(r, n.code, lookups, out);
        }
        break;
      case NODE_TYPE.approver:
      case NODE_TYPE.cc: {
        if (kids.length > 1) out.push({ code: n.code, message: 'validationError' });
        if (n.code === ROOT_CODE) break;
        const allowed: readonly number[] = n.type === NODE_TYPE.cc ? [CC_WHERE_TYPE] : APPROVER_WHERE_TYPES;
        if (own.length === 0) out.push({ code: n.code, message: n.type === NODE_TYPE.cc ? 'msgSelectPersonnel' : 'validationError' });
        else if (own.length > 1 || !allowed.includes(own[0].whereType)) out.push({ code: n.code, message: 'validationError' });
        else checkRule(own[0], n.code, lookups, out);
        break;
      }
      case NODE_TYPE.merge:
        if (kids.length > 1 || own.length) out.push({ code: n.code, message: 'validationError' });
        break;
      default:
        out.push({ code: n.code, message: 'validationError' });
    }
  }
  if (!hasNodeAfterRoot) out.push({ code: ROOT_CODE, message: 'msgSetFolwAddBranch' });
  return out;
}
