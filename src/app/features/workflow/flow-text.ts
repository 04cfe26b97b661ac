// The words of the designer's cards: a node's title (a label key by default, else what the user typed) and a one-line
// summary of its rules with the people, departments and companies by name.
import { i18n } from '@/app/i18n/i18n';
import { NODE_TYPE, type FlowNode, type WhereRule } from '@/shared/contracts/workflow';
import { listKindOf, nodeLabelKey, splitList, whereTypeLabelKey, type TreeNode } from '@/shared/domain/workflow-flow';

/** number -> shown name, per list. */
export interface Names {
  users: ReadonlyMap<string, string>;
  departments: ReadonlyMap<string, string>;
  companys: ReadonlyMap<string, string>;
}

export function nodeTitle(node: Pick<FlowNode, 'title' | 'type' | 'code'>): string {
  const title = node.title.trim();
  if (title && i18n.exists(title)) return i18n.t(title);
  return title || i18n.t(nodeLabelKey(node.type, node.code));
}

/** The names of a list, or "not set yet" for an empty one. */
const named = (list: string, names?: ReadonlyMap<string, string>) =>
  splitList(list)
    .map((n) => names?.get(n) ?? n)
    .join(', ') || i18n.t('workflow.designer.notSet');

/** "Department is: Sales, Marketing" and the like; '' when the rule has no list. */
export function ruleText(r: WhereRule, names: Names): string {
  const t = i18n.t.bind(i18n);
  const type = t(whereTypeLabelKey(r.whereType));
  switch (listKindOf(r.whereType)) {
    case 'users': {
      const listed = splitList(r.whereUsers).length ? named(r.whereUsers, names.users) : '';
      const people = [listed, r.whereIsAddUser ? t('workflow.designer.applicantCc') : ''].filter(Boolean).join(', ') || t('workflow.designer.notSet');
      return r.whereType === 2 ? people : `${type}: ${people}`;
    }
    case 'departments':
      return `${type}: ${named(r.whereDepartments, names.departments)}`;
    case 'companys':
      return `${type}: ${named(r.whereCompanys, names.companys)}`;
    case 'grades':
      return `${type}: ${named(r.whereGrades)}`;
    case 'ranks':
      return `${type}: ${named(r.whereRanks)}`;
    case 'maxGradeRank':
      return `${type} ${t('workflow.designer.upTo', { grade: r.whereMaxGrade ?? t('workflow.designer.any'), rank: r.whereMaxRank ?? t('workflow.designer.any') })}`;
    default:
      return type;
  }
}

/** The card's text; `empty` when nothing is chosen yet (shown dimmed). */
export function ruleSummary(tn: TreeNode, names: Names): { text: string; empty: boolean } {
  const t = i18n.t.bind(i18n);
  if (tn.node.type === NODE_TYPE.branch) {
    if (!tn.rules.length) return { text: t('workflow.designer.elseBranch'), empty: true };
    return { text: tn.rules.map((r) => ruleText(r, names)).join('; '), empty: false };
  }
  const r = tn.rules[0];
  if (!r) return { text: t('workflow.designer.notSet'), empty: true };
  const text = ruleText(r, names);
  const blank = listKindOf(r.whereType) === 'users' && !splitList(r.whereUsers).length && !r.whereIsAddUser;
  return blank ? { text: t('workflow.designer.notSet'), empty: true } : { text, empty: false };
}
