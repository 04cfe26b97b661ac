// The approval designer's tree rules (spec part 3 §2.3, §4.2–4.3, §5; /work decisions "The flow tree"): adding
// approvers, CC nodes and condition containers, branches and conditions, removing nodes with the container collapse,
// renumbering, and the messages of validateFlow.
import { describe, expect, it } from 'vitest';
import type { FlowData, WhereRule } from '@/shared/contracts/workflow';
import {
  addAfter,
  addBranch,
  addCondition,
  initialFlow,
  listKindOf,
  newRule,
  nodeLabelKey,
  removeCondition,
  removeNode,
  renumber,
  setNode,
  setRule,
  treeOf,
  validateFlow,
  type FlowLookups,
} from '@/shared/domain/workflow-flow';
import { FORM_TYPES, formTypeOf, operateLabelKey, SIGN, signLabelKey } from '@/shared/domain/workflow';

/** "code:type" of every node, in list order (parents before children). */
const shape = (flow: FlowData) => flow.workFlowList.map((n) => `${n.code}:${n.type}`);
const parents = (flow: FlowData) => Object.fromEntries(flow.workFlowList.map((n) => [n.code, n.parentCode]));
const rulesAt = (flow: FlowData, code: string) => flow.whereList.filter((r) => r.parentCode === code);
const users = (parentCode: string, whereUsers: string, whereType = 2): WhereRule => ({ ...newRule(parentCode, whereType), whereUsers });

/** C-1 → approver (users u1) → container [branch 1: approver u2 | branch 2: empty] → merge → CC (users u3). */
function sample(): FlowData {
  let f = addAfter(initialFlow(), 'C-1', 'approver');
  f = setRule(f, 'C-1-1', 0, users('C-1-1', 'u1'));
  f = addAfter(f, 'C-1-1', 'branch');
  f = addAfter(f, 'C-1-1-1-1', 'approver');
  f = setRule(f, 'C-1-1-1-1-1', 0, users('', 'u2'));
  f = addAfter(f, 'C-1-1-1-3', 'cc');
  f = setRule(f, 'C-1-1-1-3-1', 0, users('', 'u3'));
  return f;
}

describe('initial flow and labels', () => {
  it('is just C-1, type 1, with the applicant rule', () => {
    const f = initialFlow();
    expect(shape(f)).toEqual(['C-1:1']);
    expect(f.workFlowList[0].parentCode).toBe('');
    expect(f.workFlowList[0].title).toBe('workflow.node.applicant');
    expect(f.whereList).toHaveLength(1);
    expect(f.whereList[0]).toMatchObject({ parentCode: 'C-1', whereType: 1 });
  });

  it('names node types and lists', () => {
    expect(nodeLabelKey(1)).toBe('workflow.node.approver');
    expect(nodeLabelKey(5)).toBe('workflow.node.cc');
    expect(nodeLabelKey(1, 'C-1')).toBe('workflow.node.applicant');
    expect([1, 2, 3, 4, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014].map(listKindOf)).toEqual([
      'none',
      'users',
      'maxGradeRank',
      'maxGradeRank',
      'users',
      'users',
      'departments',
      'departments',
      'companys',
      'companys',
      'users',
      'users',
      'users',
      'users',
      'grades',
      'grades',
      'ranks',
      'ranks',
    ]);
  });

  it('declares the form types, signs and operate labels', () => {
    expect(FORM_TYPES.map((t) => t.value)).toEqual([1, 9]);
    expect(formTypeOf(1)?.route).toBe('/SalesTargetEdit');
    expect(formTypeOf(9)?.route).toBeNull();
    expect(formTypeOf(2)).toBeUndefined();
    expect(SIGN).toEqual({ waiting: 0, inProgress: 1, done: 2 });
    expect(operateLabelKey('1')).toBe('workflow.panel.op.1');
    expect(operateLabelKey('1', 3)).toBe('workflow.panel.op.resubmit');
    expect(operateLabelKey('3_1')).toBe('workflow.panel.op.3_1');
    expect(signLabelKey(1)).toBe('workflow.panel.sign.1');
  });
});

describe('adding', () => {
  it('adds an approver (rule 1) and a CC node (rule 2) after C-1, the old next following', () => {
    let f = addAfter(initialFlow(), 'C-1', 'approver');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:1']);
    expect(rulesAt(f, 'C-1-1')).toEqual([newRule('C-1-1', 1)]);
    expect(f.workFlowList[1].title).toBe('workflow.node.approver');
    f = addAfter(f, 'C-1', 'cc');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:5', 'C-1-1-1:1']);
    expect(rulesAt(f, 'C-1-1')).toEqual([newRule('C-1-1', 2)]);
    expect(rulesAt(f, 'C-1-1-1')).toEqual([newRule('C-1-1-1', 1)]);
    expect(parents(f)).toEqual({ 'C-1': '', 'C-1-1': 'C-1', 'C-1-1-1': 'C-1-1' });
  });

  it('adds a container with two rule-less branches and a merge, the old next continuing after the merge', () => {
    let f = addAfter(initialFlow(), 'C-1', 'approver');
    f = addAfter(f, 'C-1', 'branch');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:2', 'C-1-1-1:3', 'C-1-1-2:3', 'C-1-1-3:4', 'C-1-1-3-1:1']);
    expect(parents(f)['C-1-1-3-1']).toBe('C-1-1-3');
    expect(rulesAt(f, 'C-1-1-1')).toEqual([]);
    expect(rulesAt(f, 'C-1-1-3-1')).toEqual([newRule('C-1-1-3-1', 1)]);
  });

  it('adds after a branch card as the branch’s first node, and after a container after its merge', () => {
    let f = addAfter(initialFlow(), 'C-1', 'branch');
    f = addAfter(f, 'C-1-1-2', 'approver');
    f = addAfter(f, 'C-1-1-2', 'cc');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:2', 'C-1-1-1:3', 'C-1-1-2:3', 'C-1-1-2-1:5', 'C-1-1-2-1-1:1', 'C-1-1-3:4']);
    f = addAfter(f, 'C-1-1', 'approver');
    expect(shape(f).at(-1)).toBe('C-1-1-3-1:1');
  });

  it('adds a branch before the merge, and nests containers', () => {
    let f = addAfter(initialFlow(), 'C-1', 'branch');
    f = addBranch(f, 'C-1-1');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:2', 'C-1-1-1:3', 'C-1-1-2:3', 'C-1-1-3:3', 'C-1-1-4:4']);
    f = addAfter(f, 'C-1-1-3', 'branch');
    expect(shape(f)).toContain('C-1-1-3-1:2');
    expect(shape(f)).toContain('C-1-1-3-1-3:4');
    expect(addBranch(f, 'C-1')).toEqual(f);
  });

  it('adds and removes branch conditions (default 1001, empty)', () => {
    let f = addAfter(initialFlow(), 'C-1', 'branch');
    f = addCondition(f, 'C-1-1-1');
    f = addCondition(f, 'C-1-1-1');
    expect(rulesAt(f, 'C-1-1-1')).toEqual([newRule('C-1-1-1', 1001), newRule('C-1-1-1', 1001)]);
    f = setRule(f, 'C-1-1-1', 1, { ...newRule('x', 1011), whereGrades: '3,4' });
    expect(rulesAt(f, 'C-1-1-1')[1]).toMatchObject({ parentCode: 'C-1-1-1', whereType: 1011, whereGrades: '3,4' });
    f = removeCondition(f, 'C-1-1-1', 0);
    expect(rulesAt(f, 'C-1-1-1').map((r) => r.whereType)).toEqual([1011]);
    expect(addCondition(f, 'C-1')).toEqual(f);
  });
});

describe('editing rules and titles', () => {
  it('keeps C-1 fixed', () => {
    const f = addAfter(initialFlow(), 'C-1', 'approver');
    expect(setRule(f, 'C-1', 0, users('C-1', 'u1'))).toEqual(f);
    expect(setNode(f, 'C-1', { title: 'x' })).toEqual(f);
    expect(removeNode(f, 'C-1')).toEqual(f);
  });

  it('sets a node’s rule and title', () => {
    let f = addAfter(initialFlow(), 'C-1', 'approver');
    f = setRule(f, 'C-1-1', 0, { ...newRule('', 3), whereMaxGrade: 10, whereMaxRank: 12 });
    f = setNode(f, 'C-1-1', { title: 'Manager' });
    expect(rulesAt(f, 'C-1-1')).toEqual([{ ...newRule('C-1-1', 3), whereMaxGrade: 10, whereMaxRank: 12 }]);
    expect(f.workFlowList[1].title).toBe('Manager');
  });
});

describe('removing', () => {
  it('removes an approver, its next node taking its place (rules follow the new codes)', () => {
    const f = removeNode(sample(), 'C-1-1');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:2', 'C-1-1-1:3', 'C-1-1-1-1:1', 'C-1-1-2:3', 'C-1-1-3:4', 'C-1-1-3-1:5']);
    expect(rulesAt(f, 'C-1-1-1-1')[0].whereUsers).toBe('u2');
    expect(rulesAt(f, 'C-1-1-3-1')[0].whereUsers).toBe('u3');
    expect(f.whereList).toHaveLength(3);
  });

  it('removes a node inside a branch', () => {
    const f = removeNode(sample(), 'C-1-1-1-1-1');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:1', 'C-1-1-1:2', 'C-1-1-1-1:3', 'C-1-1-1-2:3', 'C-1-1-1-3:4', 'C-1-1-1-3-1:5']);
    expect(f.whereList.map((r) => r.whereUsers)).toEqual(['', 'u1', 'u3']);
  });

  it('removes one of three branches and renumbers the rest', () => {
    let f = addBranch(sample(), 'C-1-1-1');
    f = addCondition(f, 'C-1-1-1-3');
    f = removeNode(f, 'C-1-1-1-1');
    expect(shape(f)).toEqual(['C-1:1', 'C-1-1:1', 'C-1-1-1:2', 'C-1-1-1-1:3', 'C-1-1-1-2:3', 'C-1-1-1-3:4', 'C-1-1-1-3-1:5']);
    expect(rulesAt(f, 'C-1-1-1-2')).toEqual([newRule('C-1-1-1-2', 1001)]);
    expect(f.whereList.some((r) => r.whereUsers === 'u2')).toBe(false);
  });

  it('collapses the container when fewer than two branches remain: the other branch’s nodes go too', () => {
    for (const which of ['C-1-1-1-1', 'C-1-1-1-2']) {
      const f = removeNode(sample(), which);
      expect(shape(f)).toEqual(['C-1:1', 'C-1-1:1', 'C-1-1-1:5']);
      expect(f.whereList.map((r) => `${r.parentCode}:${r.whereUsers}`)).toEqual(['C-1:', 'C-1-1:u1', 'C-1-1-1:u3']);
    }
  });

  it('removes a whole container through its container or merge code', () => {
    expect(shape(removeNode(sample(), 'C-1-1-1'))).toEqual(['C-1:1', 'C-1-1:1', 'C-1-1-1:5']);
    expect(shape(removeNode(sample(), 'C-1-1-1-3'))).toEqual(['C-1:1', 'C-1-1:1', 'C-1-1-1:5']);
  });

  it('leaves the flow as it is for an unknown code', () => {
    expect(removeNode(sample(), 'C-9')).toEqual(sample());
  });
});

describe('renumber and treeOf', () => {
  it('renumbers loose codes from the parent links and children order', () => {
    const f: FlowData = {
      workFlowList: [
        { code: 'C-1', type: 1, title: '', parentCode: '', drawer: false },
        { code: 'X', type: 2, title: '', parentCode: 'C-1', drawer: false },
        { code: 'M-3', type: 4, title: '', parentCode: 'X', drawer: false },
        { code: 'B-2', type: 3, title: '', parentCode: 'X', drawer: false },
        { code: 'B-1', type: 3, title: 'first', parentCode: 'X', drawer: false },
        { code: 'A', type: 1, title: '', parentCode: 'M-3', drawer: false },
      ],
      whereList: [newRule('C-1', 1), { ...newRule('B-1', 1001), whereUsers: 'u1' }, newRule('A', 1)],
    };
    const r = renumber(f);
    expect(shape(r)).toEqual(['C-1:1', 'C-1-1:2', 'C-1-1-1:3', 'C-1-1-2:3', 'C-1-1-3:4', 'C-1-1-3-1:1']);
    expect(r.workFlowList[2].title).toBe('first');
    expect(r.whereList.map((w) => w.parentCode)).toEqual(['C-1', 'C-1-1-1', 'C-1-1-3-1']);
    expect(renumber(r)).toEqual(r);
  });

  it('gives the nested view: container next = merge, branches in order', () => {
    const t = treeOf(sample())!;
    expect(t.node.code).toBe('C-1');
    const container = t.next!.next!;
    expect(container.node.type).toBe(2);
    expect(container.branches.map((b) => b.node.code)).toEqual(['C-1-1-1-1', 'C-1-1-1-2']);
    expect(container.branches[0].next!.rules[0].whereUsers).toBe('u2');
    expect(container.branches[1].next).toBeNull();
    expect(container.next!.node.type).toBe(4);
    expect(container.next!.next!.node.type).toBe(5);
    expect(treeOf({ workFlowList: [], whereList: [] })).toBeNull();
  });

  it('does not change its input', () => {
    const f = sample();
    const copy = structuredClone(f);
    removeNode(f, 'C-1-1');
    addAfter(f, 'C-1', 'branch');
    setRule(f, 'C-1-1', 0, users('', 'zz'));
    expect(f).toEqual(copy);
  });
});

describe('validateFlow', () => {
  const codes = (errors: { code: string; message: string }[]) => errors.map((e) => `${e.code}:${e.message}`);
  const filled = () => {
    let f = sample();
    f = addCondition(f, 'C-1-1-1-1');
    return setRule(f, 'C-1-1-1-1', 0, users('', 'u9', 1001));
  };

  it('accepts a complete flow (an else branch with no conditions is fine)', () => {
    expect(validateFlow(filled())).toEqual([]);
    expect(validateFlow(sample())).toEqual([]);
  });

  it('refuses an empty flow and a flow of C-1 only (msgSetFolwAddBranch)', () => {
    expect(codes(validateFlow(null))).toEqual([':msgSetFolwAddBranch']);
    expect(codes(validateFlow({ workFlowList: [], whereList: [] }))).toEqual([':msgSetFolwAddBranch']);
    expect(codes(validateFlow(initialFlow()))).toEqual(['C-1:msgSetFolwAddBranch']);
  });

  it('asks for people on a users approver, a CC node and a user condition (msgSelectPersonnel)', () => {
    let f = addAfter(initialFlow(), 'C-1', 'approver');
    f = setRule(f, 'C-1-1', 0, newRule('', 2));
    expect(codes(validateFlow(f))).toEqual(['C-1-1:msgSelectPersonnel']);
    expect(codes(validateFlow(addAfter(initialFlow(), 'C-1', 'cc')))).toEqual(['C-1-1:msgSelectPersonnel']);
    const cc = setRule(addAfter(initialFlow(), 'C-1', 'cc'), 'C-1-1', 0, { ...newRule('', 2), whereIsAddUser: true });
    expect(validateFlow(cc)).toEqual([]);
    const g = addCondition(sample(), 'C-1-1-1-2');
    expect(codes(validateFlow(g))).toEqual(['C-1-1-1-2:msgSelectPersonnel']);
  });

  it('asks for the other lists and checks grades, ranks and max grade/rank', () => {
    const on = (rule: Partial<WhereRule> & { whereType: number }) =>
      codes(validateFlow(setRule(addCondition(sample(), 'C-1-1-1-2'), 'C-1-1-1-2', 0, { ...newRule('', rule.whereType), ...rule })));
    expect(on({ whereType: 1003 })).toEqual(['C-1-1-1-2:validationError']);
    expect(on({ whereType: 1004, whereDepartments: 'D1' })).toEqual([]);
    expect(on({ whereType: 1005, whereCompanys: 'C1' })).toEqual([]);
    expect(on({ whereType: 1011, whereGrades: '3,15' })).toEqual(['C-1-1-1-2:validationError']);
    expect(on({ whereType: 1013, whereRanks: '21' })).toEqual([]);
    expect(on({ whereType: 1015, whereUsers: 'u1' })).toEqual(['C-1-1-1-2:validationError']);
    expect(on({ whereType: 2, whereUsers: 'u1' })).toEqual(['C-1-1-1-2:validationError']);
    const approver = (rule: Partial<WhereRule> & { whereType: number }) =>
      codes(validateFlow(setRule(sample(), 'C-1-1', 0, { ...newRule('', rule.whereType), ...rule })));
    expect(approver({ whereType: 3, whereMaxGrade: 14, whereMaxRank: 20 })).toEqual([]);
    expect(approver({ whereType: 4 })).toEqual([]);
    expect(approver({ whereType: 3, whereMaxGrade: 15 })).toEqual(['C-1-1:validationError']);
    expect(approver({ whereType: 4, whereMaxRank: 21 })).toEqual(['C-1-1:validationError']);
    expect(approver({ whereType: 1001, whereUsers: 'u1' })).toEqual(['C-1-1:validationError']);
    expect(approver({ whereType: 1 })).toEqual([]);
  });

  it('checks the named users, departments and companies with the look-ups', () => {
    const lookups: FlowLookups = {
      user: (n) => ({ u1: { isDisabled: false }, u2: { isDisabled: false }, u3: { isDisabled: true }, u9: { isDisabled: false } })[n],
      department: (n) => (n === 'D1' ? { isDisabled: false } : undefined),
      company: (n) => (n === 'C1' ? { isDisabled: false } : n === 'C2' ? { isDisabled: true } : undefined),
    };
    expect(codes(validateFlow(filled(), lookups))).toEqual(['C-1-1-1-3-1:flowAccountDisabled']);
    const f = setRule(filled(), 'C-1-1', 0, users('', 'u1,nobody'));
    expect(codes(validateFlow(f, lookups))).toEqual(['C-1-1:flowAccountNotExist', 'C-1-1-1-3-1:flowAccountDisabled']);
    const g = setRule(setRule(filled(), 'C-1-1-1-3-1', 0, users('', 'u2')), 'C-1-1-1-1', 0, { ...newRule('', 1005), whereCompanys: 'C1,C2' });
    expect(codes(validateFlow(g, lookups))).toEqual(['C-1-1-1-1:notFound']);
    const h = setRule(g, 'C-1-1-1-1', 0, { ...newRule('', 1003), whereDepartments: 'D1' });
    expect(validateFlow(h, lookups)).toEqual([]);
  });

  it('refuses a container with fewer than two branches or without its merge', () => {
    const f = sample();
    const oneBranch = { ...f, workFlowList: f.workFlowList.filter((n) => n.code !== 'C-1-1-1-2') };
    expect(codes(validateFlow(oneBranch))).toContain('C-1-1-1:msgSetFolwAddBranch');
    const noMerge = { ...f, workFlowList: f.workFlowList.filter((n) => !n.code.startsWith('C-1-1-1-3')) };
    expect(codes(validateFlow(noMerge))).toContain('C-1-1-1:validationError');
  });

  it('refuses a changed C-1, loose codes, orphans, two next nodes and rules of no node', () => {
    const f = sample();
    const c1 = structuredClone(f);
    c1.whereList[0].whereType = 2;
    expect(codes(validateFlow(c1))).toEqual(['C-1:validationError']);
    const notFirst = { ...f, workFlowList: [...f.workFlowList.slice(1), f.workFlowList[0]] };
    expect(codes(validateFlow(notFirst))).toContain('C-1-1:validationError');
    const wrongCode = structuredClone(f);
    wrongCode.workFlowList[1].code = 'C-1-7';
    expect(validateFlow(wrongCode).length).toBeGreaterThan(0);
    const orphan = structuredClone(f);
    orphan.workFlowList.push({ code: 'C-9-1', type: 1, title: '', parentCode: 'C-9', drawer: false });
    expect(codes(validateFlow(orphan))).toContain(':validationError');
    const twoNext = structuredClone(f);
    twoNext.workFlowList.push({ code: 'C-1-2', type: 1, title: '', parentCode: 'C-1', drawer: false });
    twoNext.whereList.push(newRule('C-1-2', 1));
    expect(codes(validateFlow(twoNext))).toContain('C-1:validationError');
    const looseRule = structuredClone(f);
    looseRule.whereList.push(newRule('C-5', 1));
    expect(codes(validateFlow(looseRule))).toContain('C-5:validationError');
    const duplicate = structuredClone(f);
    duplicate.workFlowList.push({ ...f.workFlowList[1] });
    expect(codes(validateFlow(duplicate))).toContain('C-1-1:validationError');
    const twoRules = structuredClone(f);
    twoRules.whereList.push(newRule('C-1-1', 1));
    expect(codes(validateFlow(twoRules))).toEqual(['C-1-1:validationError']);
    const noRule = structuredClone(f);
    noRule.whereList = noRule.whereList.filter((r) => r.parentCode !== 'C-1-1');
    expect(codes(validateFlow(noRule))).toEqual(['C-1-1:validationError']);
  });
});
