// Approval path resolution (spec part 3 §4.2; DESIGN §10): branch conditions 1001–1014 ("is" and "is not") over a
// table of applicants, approver rules 1–4 (listed users, superior chains and department-leader chains with their grade
// and rank stops, disabled and missing people skipped, a node resolving to nobody kept as skipped) and CC nodes.
import { describe, expect, it } from 'vitest';
import type { FlowData, WhereRule } from '@/shared/contracts/workflow';
import { addAfter, addBranch, addCondition, initialFlow, newRule, setRule } from '@/shared/domain/workflow-flow';
import { branchHolds, resolvePath, type Directory, type Person } from '@/shared/domain/workflow-path';

// ---- the organisation
// Departments: ROOT (ceo) ← SALES (sm) ← SALES-TW (twl) ← TW-EAST (no leader); SALES ← ASIA (sm again);
// ROOT ← HR (hrl) ← HR-OPS (dis, disabled).
const departments: Record<string, { leader?: string; parent?: string }> = {
  ROOT: { leader: 'ceo' },
  SALES: { leader: 'sm', parent: 'ROOT' },
  'SALES-TW': { leader: 'twl', parent: 'SALES' },
  'TW-EAST': { parent: 'SALES-TW' },
  ASIA: { leader: 'sm', parent: 'SALES' },
  HR: { leader: 'hrl', parent: 'ROOT' },
  'HR-OPS': { leader: 'dis', parent: 'HR' },
};

const person = (number: string, companyNumber: string, departmentNumber: string, grade: number, rank: number, leaderNumber: string, isDisabled = false): Person => ({
  number,
  name: number.toUpperCase(),
  companyNumber,
  departmentNumber,
  grade,
  rank,
  leaderNumber,
  isDisabled,
});

const people: Person[] = [
  person('ceo', 'C1', 'ROOT', 14, 20, ''),
  person('sm', 'C1', 'SALES', 10, 15, 'ceo'),
  person('twl', 'C2', 'SALES-TW', 7, 10, 'sm'),
  person('hrl', 'C1', 'HR', 9, 14, 'ceo'),
  person('dis', 'C2', 'HR-OPS', 8, 12, 'hrl', true),
  // applicants
  person('a1', 'C2', 'SALES-TW', 3, 4, 'twl'),
  person('a2', 'C2', 'SALES-TW', 5, 6, 'dis'),
  person('a3', 'C1', 'HR', 4, 5, 'ghost'),
  person('a4', 'C2', 'TW-EAST', 2, 2, 'a1'),
  person('a5', 'C3', 'ASIA', 6, 8, 'sm'),
  person('a6', 'C1', 'HR-OPS', 1, 1, ''),
];
const byNumber = new Map(people.map((p) => [p.number, p]));
const dir: Directory = {
  user: (n) => byNumber.get(n),
  departmentLeader: (d) => departments[d]?.leader,
  parentDepartment: (d) => departments[d]?.parent,
};
const who = (n: string) => byNumber.get(n)!;

const rule = (whereType: number, patch: Partial<WhereRule> = {}): WhereRule => ({ ...newRule('', whereType), ...patch });

/** C-1 followed by the given approver/CC nodes in a line. */
function line(...nodes: Array<['approver' | 'cc', WhereRule, string?]>): FlowData {
  let f = initialFlow();
  let code = 'C-1';
  for (const [kind, r, title] of nodes) {
    f = addAfter(f, code, kind);
    code = `${code}-1`;
    f = setRule(f, code, 0, r);
    if (title) f = { ...f, workFlowList: f.workFlowList.map((n) => (n.code === code ? { ...n, title } : n)) };
  }
  return f;
}

/** The approvers of every step after the submit; '-' for a step resolved to nobody. */
const approvers = (flow: FlowData, applicant: string) =>
  resolvePath(flow, who(applicant), dir)
    .slice(1)
    .map((s) => (s.skipped ? '-' : s.approvers.join('+')));

describe('branch conditions 1001–1014 over the applicants', () => {
  // [type, list field, list]: what the "is" type matches for each applicant
  const cases: Array<[number, keyof WhereRule, string, Record<string, boolean>]> = [
    [1001, 'whereUsers', 'a1,a3', { a1: true, a2: false, a3: true, a4: false, a5: false, a6: false }],
    [1003, 'whereDepartments', 'SALES-TW', { a1: true, a2: true, a3: false, a4: false, a5: false, a6: false }],
    [1005, 'whereCompanys', 'C1, C3', { a1: false, a2: false, a3: true, a4: false, a5: true, a6: true }],
    // superiors: a1 twl, a2 dis, a3 ghost (missing), a4 a1, a5 sm, a6 none
    [1007, 'whereUsers', 'twl,sm', { a1: true, a2: false, a3: false, a4: false, a5: true, a6: false }],
    [1007, 'whereUsers', 'ghost', { a1: false, a2: false, a3: true, a4: false, a5: false, a6: false }],
    // department heads: SALES-TW twl, HR hrl, TW-EAST none, ASIA sm, HR-OPS dis
    [1009, 'whereUsers', 'twl,dis', { a1: true, a2: true, a3: false, a4: false, a5: false, a6: true }],
    [1011, 'whereGrades', '3,4,5', { a1: true, a2: true, a3: true, a4: false, a5: false, a6: false }],
    [1013, 'whereRanks', '1,8', { a1: false, a2: false, a3: false, a4: false, a5: true, a6: true }],
  ];
  for (const [type, field, list, expected] of cases) {
    for (const [applicant, is] of Object.entries(expected)) {
      it(`${type} ${list} for ${applicant}: ${is}; ${type + 1}: ${!is}`, () => {
        expect(branchHolds([rule(type, { [field]: list })], who(applicant), dir)).toBe(is);
        expect(branchHolds([rule(type + 1, { [field]: list })], who(applicant), dir)).toBe(!is);
      });
    }
  }

  it('needs all conditions of a branch; none is the else branch; an unknown type never holds', () => {
    const a1 = who('a1');
    expect(branchHolds([], a1, dir)).toBe(true);
    expect(branchHolds([rule(1003, { whereDepartments: 'SALES-TW' }), rule(1011, { whereGrades: '3' })], a1, dir)).toBe(true);
    expect(branchHolds([rule(1003, { whereDepartments: 'SALES-TW' }), rule(1012, { whereGrades: '3' })], a1, dir)).toBe(false);
    expect(branchHolds([rule(1015, { whereUsers: 'a1' })], a1, dir)).toBe(false);
    expect(branchHolds([rule(1001)], a1, dir)).toBe(false);
    expect(branchHolds([rule(1002)], a1, dir)).toBe(true);
    expect(branchHolds([rule(1003, { whereDepartments: ' sales-tw ' }), rule(1001, { whereUsers: 'A1' })], a1, dir)).toBe(true);
  });
});

describe('taking branches', () => {
  // C-1 → container [grade 1–3: users ceo | company C1: users hrl | else: users sm] → merge → CC hrl
  function flow(): FlowData {
    let f = addAfter(initialFlow(), 'C-1', 'branch');
    f = addBranch(f, 'C-1-1');
    f = addCondition(f, 'C-1-1-1');
    f = setRule(f, 'C-1-1-1', 0, rule(1011, { whereGrades: '1,2,3' }));
    f = addCondition(f, 'C-1-1-2');
    f = setRule(f, 'C-1-1-2', 0, rule(1005, { whereCompanys: 'C1' }));
    f = addAfter(f, 'C-1-1-1', 'approver');
    f = setRule(f, 'C-1-1-1-1', 0, rule(2, { whereUsers: 'ceo' }));
    f = addAfter(f, 'C-1-1-2', 'approver');
    f = setRule(f, 'C-1-1-2-1', 0, rule(2, { whereUsers: 'hrl' }));
    f = addAfter(f, 'C-1-1-3', 'approver');
    f = setRule(f, 'C-1-1-3-1', 0, rule(2, { whereUsers: 'sm' }));
    f = addAfter(f, 'C-1-1', 'cc');
    return setRule(f, 'C-1-1-4-1', 0, rule(2, { whereUsers: 'hrl' }));
  }

  it.each([
    ['a1', 'ceo'],
    ['a4', 'ceo'],
    ['a6', 'ceo'],
    ['a3', 'hrl'],
    ['a2', 'sm'],
    ['a5', 'sm'],
  ])('%s takes the branch approved by %s, then the CC', (applicant, approver) => {
    const steps = resolvePath(flow(), who(applicant), dir);
    expect(steps.map((s) => [s.orderNo, s.kind, s.approvers.join('+')])).toEqual([
      [1, 'submit', applicant],
      [2, 'approve', approver],
      [3, 'cc', 'hrl'],
    ]);
    expect(steps[0].code).toBe('C-1');
    expect(steps[2].code).toBe('C-1-1-4-1');
  });

  it('takes nothing of a container when no branch holds, and nests containers', () => {
    let f = flow();
    f = addCondition(f, 'C-1-1-3');
    f = setRule(f, 'C-1-1-3', 0, rule(1001, { whereUsers: 'nobody' }));
    expect(approvers(f, 'a2')).toEqual(['hrl']);
    // a nested container in the first branch: a1 (rank 4) → inner first branch (rank 4), a4 → inner else
    let g = addAfter(flow(), 'C-1-1-1-1', 'branch');
    g = addCondition(g, 'C-1-1-1-1-1-1');
    g = setRule(g, 'C-1-1-1-1-1-1', 0, rule(1013, { whereRanks: '4' }));
    g = addAfter(g, 'C-1-1-1-1-1-1', 'approver');
    g = setRule(g, 'C-1-1-1-1-1-1-1', 0, rule(2, { whereUsers: 'twl' }));
    g = addAfter(g, 'C-1-1-1-1-1-2', 'approver');
    g = setRule(g, 'C-1-1-1-1-1-2-1', 0, rule(2, { whereUsers: 'sm' }));
    expect(approvers(g, 'a1')).toEqual(['ceo', 'twl', 'hrl']);
    expect(approvers(g, 'a4')).toEqual(['ceo', 'sm', 'hrl']);
    expect(approvers(g, 'a3')).toEqual(['hrl', 'hrl']);
  });
});

describe('approver rules', () => {
  it('1: the applicant', () => {
    expect(approvers(line(['approver', rule(1)]), 'a1')).toEqual(['a1']);
  });

  it('2: the listed users as one step, disabled, missing and repeated skipped; none left = skipped', () => {
    expect(approvers(line(['approver', rule(2, { whereUsers: 'sm, dis,ghost,sm,hrl' })]), 'a1')).toEqual(['sm+hrl']);
    const steps = resolvePath(line(['approver', rule(2, { whereUsers: 'dis,ghost' }), 'Finance']), who('a1'), dir);
    expect(steps[1]).toEqual({ orderNo: 2, code: 'C-1-1', title: 'Finance', kind: 'approve', approvers: [], skipped: 'nobody' });
  });

  // superiors: a1 → twl (7/10) → sm (10/15) → ceo (14/20); a2 → dis (disabled, 8/12) → hrl (9/14) → ceo;
  // a3 → ghost (missing); a4 → a1 → twl → …; a6 none
  it.each([
    ['a1', {}, ['twl', 'sm', 'ceo']],
    ['a1', { whereMaxGrade: 7 }, ['twl']],
    ['a1', { whereMaxGrade: 8 }, ['twl', 'sm']],
    ['a1', { whereMaxRank: 15 }, ['twl', 'sm']],
    ['a1', { whereMaxGrade: 14, whereMaxRank: 10 }, ['twl']],
    ['a1', { whereMaxGrade: 14, whereMaxRank: 20 }, ['twl', 'sm', 'ceo']],
    ['a1', { whereMaxGrade: 1 }, ['twl']],
    ['a2', {}, ['hrl', 'ceo']],
    ['a2', { whereMaxGrade: 9 }, ['hrl']],
    ['a2', { whereMaxGrade: 8 }, ['-']],
    ['a3', {}, ['-']],
    ['a4', { whereMaxGrade: 7 }, ['a1', 'twl']],
    ['a6', {}, ['-']],
    ['ceo', {}, ['-']],
  ] as const)('3: superiors of %s with %o → %o', (applicant, limits, expected) => {
    expect(approvers(line(['approver', rule(3, limits)]), applicant)).toEqual(expected);
  });

  it('3: a superior chain that loops stops at the first repeat', () => {
    const loop: Directory = {
      ...dir,
      user: (n) => (n === 'x' ? person('x', 'C1', 'ROOT', 2, 2, 'y') : n === 'y' ? person('y', 'C1', 'ROOT', 3, 3, 'x') : dir.user(n)),
    };
    const steps = resolvePath(line(['approver', rule(3)]), person('z', 'C1', 'ROOT', 1, 1, 'x'), loop);
    expect(steps.slice(1).map((s) => s.approvers[0])).toEqual(['x', 'y']);
  });

  // department leaders: SALES-TW twl → SALES sm → ROOT ceo; TW-EAST (none) → …; ASIA sm → SALES sm (repeat) → ceo;
  // HR-OPS dis (disabled) → HR hrl → ceo
  it.each([
    ['a1', {}, ['twl', 'sm', 'ceo']],
    ['a1', { whereMaxGrade: 10 }, ['twl', 'sm']],
    ['a1', { whereMaxRank: 10 }, ['twl']],
    ['twl', {}, ['sm', 'ceo']],
    ['twl', { whereMaxGrade: 7 }, ['sm']],
    ['a4', { whereMaxRank: 15 }, ['twl', 'sm']],
    ['a5', {}, ['sm', 'ceo']],
    ['a6', {}, ['hrl', 'ceo']],
    ['a6', { whereMaxGrade: 8 }, ['-']],
    ['a3', { whereMaxGrade: 9 }, ['hrl']],
    ['ceo', {}, ['-']],
  ] as const)('4: department leaders of %s with %o → %o', (applicant, limits, expected) => {
    expect(approvers(line(['approver', rule(4, limits)]), applicant)).toEqual(expected);
  });

  it('numbers the steps of chains and nodes in path order, skipped steps included', () => {
    const f = line(
      ['approver', rule(3, { whereMaxGrade: 10 }), 'Superiors'],
      ['approver', rule(2, { whereUsers: 'dis' }), 'Nobody'],
      ['cc', rule(2, { whereUsers: 'hrl' }), 'Copy'],
      ['approver', rule(4, { whereMaxGrade: 14 }), 'Leaders'],
    );
    const steps = resolvePath(f, who('a1'), dir);
    expect(steps.map((s) => `${s.orderNo} ${s.code} ${s.title} ${s.kind} ${s.approvers.join('+')}${s.skipped ? ' skipped' : ''}`)).toEqual([
      '1 C-1 workflow.node.applicant submit a1',
      '2 C-1-1 Superiors approve twl',
      '3 C-1-1 Superiors approve sm',
      '4 C-1-1-1 Nobody approve  skipped',
      '5 C-1-1-1-1 Copy cc hrl',
      '6 C-1-1-1-1-1 Leaders approve twl',
      '7 C-1-1-1-1-1 Leaders approve sm',
      '8 C-1-1-1-1-1 Leaders approve ceo',
    ]);
  });
});

describe('CC nodes', () => {
  it.each([
    [{ whereUsers: 'hrl' }, ['hrl']],
    [{ whereUsers: 'hrl,dis', whereIsAddUser: true }, ['hrl+a1']],
    [{ whereIsAddUser: true }, ['a1']],
    [{ whereUsers: 'a1', whereIsAddUser: true }, ['a1']],
    [{}, ['-']],
    [{ whereUsers: 'dis,ghost' }, ['-']],
  ] as const)('%o → %o', (patch, expected) => {
    const f = line(['cc', rule(2, patch)]);
    expect(approvers(f, 'a1')).toEqual(expected);
    expect(resolvePath(f, who('a1'), dir)[1].kind).toBe('cc');
  });

  it('resolves an empty flow to nothing and a C-1-only flow to the submit', () => {
    expect(resolvePath({ workFlowList: [], whereList: [] }, who('a1'), dir)).toEqual([]);
    expect(resolvePath(initialFlow(), who('a1'), dir)).toEqual([
      { orderNo: 1, code: 'C-1', title: 'workflow.node.applicant', kind: 'submit', approvers: ['a1'] },
    ]);
  });
});
