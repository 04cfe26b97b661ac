// Approval path resolution (spec part 3 §4.2; DESIGN §10), used by the server when a form is submitted: which branch
// of each condition container the applicant takes, and which people each approver and CC node resolves to. Pure: the
// people and departments come through a Directory the caller fills.
import { NODE_TYPE, type FlowData, type WhereRule } from '@/shared/contracts/workflow';
import { APPROVER_WHERE, CC_WHERE_TYPE, splitList, treeOf, type TreeNode } from './workflow-flow';

export interface Person {
  number: string;
  name: string;
  companyNumber: string;
  departmentNumber: string;
  grade: number;
  rank: number;
  /** The person's superior (user number), '' when none. */
  leaderNumber: string;
  isDisabled: boolean;
}

export interface Directory {
  user(number: string): Person | undefined;
  /** The leader (user number) of a department, undefined when it has none. */
  departmentLeader(departmentNumber: string): string | undefined;
  /** The parent department's number, undefined at the top. */
  parentDepartment(departmentNumber: string): string | undefined;
}

export interface ResolvedStep {
  /** 1 = the applicant's submit (C-1); then every approver and CC step in path order. */
  orderNo: number;
  /** The designer node this step comes from (a superior chain gives several steps of one node). */
  code: string;
  title: string;
  kind: 'submit' | 'approve' | 'cc';
  /** User numbers: any one of them may act (a CC step: its recipients). */
  approvers: string[];
  /** Set when the node resolved to nobody: the step is shown in the timeline and passed. */
  skipped?: 'nobody';
}

const holdsOne = (rule: WhereRule, a: Person, dir: Directory): boolean => {
  const t = rule.whereType;
  const isNot = t % 2 === 0;
  // Numbers compare as the server looks them up: trimmed and case-insensitively.
  const has = (list: string, value: string | number | undefined) => {
    const v = String(value ?? '').trim().toLowerCase();
    return v !== '' && splitList(list).some((item) => item.toLowerCase() === v);
  };
  let is: boolean;
  switch (t) {
    case 1001:
    case 1002:
      is = has(rule.whereUsers, a.number);
      break;
    case 1003:
    case 1004:
      is = has(rule.whereDepartments, a.departmentNumber);
      break;
    case 1005:
    case 1006:
      is = has(rule.whereCompanys, a.companyNumber);
      break;
    case 1007:
    case 1008:
      is = has(rule.whereUsers, a.leaderNumber);
      break;
    case 1009:
    case 1010:
      is = has(rule.whereUsers, dir.departmentLeader(a.departmentNumber));
      break;
    case 1011:
    case 1012:
      is = has(rule.whereGrades, a.grade);
      break;
    case 1013:
    case 1014:
      is = has(rule.whereRanks, a.rank);
      break;
    default:
      // An unknown condition never holds, so a malformed branch is not taken by accident.
      return false;
  }
  return isNot ? !is : is;
};

/** Whether a branch's conditions all hold for the applicant (no conditions = the "else" branch: always). */
export const branchHolds = (rules: readonly WhereRule[], applicant: Person, dir: Directory): boolean =>
  rules.every((r) => holdsOne(r, applicant, dir));

const reachesLimit = (p: Person, rule: WhereRule) =>
  (rule.whereMaxGrade !== undefined && rule.whereMaxGrade !== null && p.grade >= rule.whereMaxGrade) ||
  (rule.whereMaxRank !== undefined && rule.whereMaxRank !== null && p.rank >= rule.whereMaxRank);

const usable = (p: Person | undefined): p is Person => !!p && !p.isDisabled;

/**
 * Rule 3: the superiors from the applicant upwards (leaderNumber), each its own step, stopping after the first whose
 * grade or rank reaches the rule's limit. The limit applies to the position reached even when its holder is disabled
 * (skipped); a missing superior ends the chain (nobody above is known).
 */
function superiors(applicant: Person, rule: WhereRule, dir: Directory): string[] {
  const out: string[] = [];
  const seen = new Set([applicant.number]);
  let cur = applicant;
  while (cur.leaderNumber && !seen.has(cur.leaderNumber)) {
    seen.add(cur.leaderNumber);
    const sup = dir.user(cur.leaderNumber);
    if (!sup) break;
    if (!sup.isDisabled) out.push(sup.number);
    if (reachesLimit(sup, rule)) break;
    cur = sup;
  }
  return out;
}

/**
 * Rule 4: the leader of the applicant's department, then of its parent, and so on, each its own step, with rule 3's
 * limit; the applicant and repeats are skipped (the applicant leading a department does not stop the climb).
 */
function departmentLeaders(applicant: Person, rule: WhereRule, dir: Directory): string[] {
  const out: string[] = [];
  const seenDepartments = new Set<string>();
  const seenPeople = new Set([applicant.number]);
  let dep: string | undefined = applicant.departmentNumber;
  while (dep && !seenDepartments.has(dep)) {
    seenDepartments.add(dep);
    const number = dir.departmentLeader(dep);
    if (number && !seenPeople.has(number)) {
      seenPeople.add(number);
      const leader = dir.user(number);
      if (leader) {
        if (!leader.isDisabled) out.push(leader.number);
        if (reachesLimit(leader, rule)) break;
      }
    }
    dep = dir.parentDepartment(dep);
  }
  return out;
}

const listedUsers = (list: string, dir: Directory) => [...new Set(splitList(list))].filter((n) => usable(dir.user(n)));

/**
 * The steps of the applicant's path through a flow: order 1 the submit (C-1), then, in path order, a step for every
 * approver (a superior or department-leader chain: a step per person) and every CC node; in each condition container
 * the first branch whose conditions all hold is taken (none holding: nothing of the container). A node resolving to
 * nobody is kept with skipped 'nobody'.
 */
export function resolvePath(flow: FlowData, applicant: Person, dir: Directory): ResolvedStep[] {
  const root = treeOf(flow);
  if (!root) return [];
  const steps: ResolvedStep[] = [];
  const push = (t: TreeNode, kind: ResolvedStep['kind'], approvers: string[]) => {
    const step: ResolvedStep = { orderNo: steps.length + 1, code: t.node.code, title: t.node.title, kind, approvers };
    if (approvers.length === 0) step.skipped = 'nobody';
    steps.push(step);
  };
  push(root, 'submit', [applicant.number]);

  const walk = (start: TreeNode | null) => {
    for (let t = start; t; t = t.next) {
      const rule = t.rules[0];
      switch (t.node.type) {
        case NODE_TYPE.approver: {
          const type = rule?.whereType;
          if (type === APPROVER_WHERE.users) push(t, 'approve', listedUsers(rule.whereUsers, dir));
          else if (type === APPROVER_WHERE.superiors || type === APPROVER_WHERE.departmentLeaders) {
            const chain = type === APPROVER_WHERE.superiors ? superiors(applicant, rule, dir) : departmentLeaders(applicant, rule, dir);
            if (chain.length === 0) push(t, 'approve', []);
            for (const number of chain) push(t, 'approve', [number]);
          } else if (type === APPROVER_WHERE.applicant) push(t, 'approve', [applicant.number]);
          else push(t, 'approve', []);
          break;
        }
        case NODE_TYPE.cc: {
          const to = rule && rule.whereType === CC_WHERE_TYPE ? listedUsers(rule.whereUsers, dir) : [];
          if (rule?.whereIsAddUser && !to.includes(applicant.number)) to.push(applicant.number);
          push(t, 'cc', to);
          break;
        }
        case NODE_TYPE.container: {
          const taken = t.branches.find((b) => branchHolds(b.rules, applicant, dir));
          if (taken) walk(taken.next);
          break;
        }
        default:
          // Merge nodes and branch cards are not steps; the sequence goes on through `next`.
          break;
      }
    }
  };
  walk(root.next);
  return steps;
}
