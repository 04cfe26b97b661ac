// The approval engine (DESIGN §10, spec part 3 §2.4–2.5, §4.1, §8.2) through the sales-target release: no template →
// immediate release; a template → Release submits (dataStatus 2), approvals move along the resolved path (superior,
// users of whom any one acts, a CC step that is mailed and passed), the last approval releases (1), a return to the
// applicant puts it back to draft (0); every operation's allowed and refused cases; the panel's timeline and allowed
// codes; concurrent approvals applied once; a flow edited while an instance runs; the country scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { CHANGED, client, startServer, type Reply, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
let tw: string;
let hk: string;
const token: Record<string, string> = {};
const ids: Record<string, number> = {};

const SAVE = '/api/salestarget/addoreditsalestarget';
const RELEASE = '/api/salestarget/releasesalestarget';
const INFO = '/api/workflow/getworkflowinfo';
const CHECK = '/api/workflow/checkworkflow';
const MAILSEND = '/api/workflow/mailsend';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const outcome = (r: Reply) => [r.status, r.code, r.msg];
const ok = [200, 1, 'success'];
const refused = (msg: string) => [200, 0, msg];

/** A rule-1 target of the caller's country for 2050-month; its id. */
async function target(tok: string, month: number, country = 'TW'): Promise<number> {
  const r = await api.post(SAVE, { Id: 0, Year: 2050, Month: month, Rule: 1, Country: country, SalesTargetDetailEntities: [{ Id: 0, ProductId: ids.chair, TargetQuantity: 5 }] }, tok);
  expect(r.code).toBe(1);
  return r.data.id;
}
const release = (tok: string, id: number) => api.get(RELEASE, { id }, tok);
const info = (tok: string, id: number) => api.get(INFO, { formType: 1, formId: id }, tok);
/** A checkworkflow call in the spec's casing, with a forged acting user. */
const check = (tok: string, id: number, operates: string, extra: Record<string, unknown> = {}) =>
  api.post(CHECK, { UserNumber: 'forged', FormType: 1, FormId: id, Operates: operates, CheckContent: `op ${operates}`, ...extra }, tok);

const dataStatus = async (id: number) => (await rows<{ s: number }>(sql`select data_status as s from sales_targets where id = ${id}`))[0].s;
const instance = async (id: number) =>
  (await rows<{ status: number; current_order: number; flow_id: number }>(sql`select status, current_order, flow_id from workflow_instances where form_type = 1 and form_id = ${id}`))[0];
const history = async (id: number) =>
  rows<{ order_no: number; user_number: string; operates: string; cc_info: string; transmit_info: string }>(
    sql`select h.order_no, h.user_number, h.operates, h.cc_info, h.transmit_info from workflow_history h join workflow_instances i on i.id = h.instance_id
        where i.form_type = 1 and i.form_id = ${id} order by h.id`,
  );
const mailsTo = async (number: string, id: number) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from mail_records where addressee_email = ${`${number}@example.test`} and form_type = 1 and form_id = ${id}`))[0].n;

/** A linear flow: C-1, then the given nodes one after the other (type 1 approver or 5 CC, each with its one rule). */
function linearFlow(nodes: Array<{ type: 1 | 5; title: string; rule: Record<string, unknown> }>) {
  const workFlowList = [{ code: 'C-1', type: 1, title: 'Applicant', parentCode: '', drawer: false }];
  const whereList: Array<Record<string, unknown>> = [{ parentCode: 'C-1', whereType: 1 }];
  let parent = 'C-1';
  for (const n of nodes) {
    const code = `${parent}-1`;
    workFlowList.push({ code, type: n.type, title: n.title, parentCode: parent, drawer: false });
    whereList.push({ whereUsers: '', whereDepartments: '', whereCompanys: '', whereGrades: '', whereRanks: '', whereIsAddUser: false, ...n.rule, parentCode: code });
    parent = code;
  }
  return { workFlowList, whereList };
}

async function addTemplate(name: string, companys: string, sort: number): Promise<number> {
  const [t] = await rows<{ id: number }>(
    sql`insert into workflow_templates (form_type, template_name, companys, sort, add_user_number) values (1, ${name}, ${companys}, ${sort}, 'admin') returning id`,
  );
  return t.id;
}
async function addFlow(templateId: number, version: number, flow: object): Promise<number> {
  const [f] = await rows<{ id: number }>(
    sql`insert into workflow_flows (template_id, version, flow, add_user_number) values (${templateId}, ${version}, ${JSON.stringify(flow)}::jsonb, 'admin') returning id`,
  );
  return f.id;
}

/** The TW flow: the applicant's superior, then tw.a1 or tw.a2, a CC to tw.cc, then tw.final. */
const twFlow = linearFlow([
  { type: 1, title: 'Superior', rule: { whereType: 3, whereMaxGrade: 1 } },
  { type: 1, title: 'Sales managers', rule: { whereType: 2, whereUsers: 'tw.a1,tw.a2' } },
  { type: 5, title: 'Controller copy', rule: { whereType: 2, whereUsers: 'tw.cc' } },
  { type: 1, title: 'Director', rule: { whereType: 2, whereUsers: 'tw.final' } },
]);

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  tw = await api.login('tw.sales');
  hk = await api.login('hk.sales');
  // Whatever the demo set holds, these tests decide which templates exist.
  await s.app.db.execute(sql`delete from workflow_templates`);
  // TW colleagues with tw.sales's (changed) password and an address each; tw.boss is tw.sales's superior.
  for (const n of ['tw.boss', 'tw.a1', 'tw.a2', 'tw.cc', 'tw.final', 'tw.other']) {
    await s.app.db.execute(sql`insert into users (number, account, name, password_hash, company_id, department_id, email, grade)
      select ${n}, ${n}, ${`Name ${n}`}, password_hash, company_id, department_id, ${`${n}@example.test`}, 5 from users where number = 'tw.sales'`);
    token[n] = await api.login(n, CHANGED);
  }
  await s.app.db.execute(sql`update users set leader_number = 'tw.boss', email = 'tw.sales@example.test' where number = 'tw.sales'`);
  ids.chair = (await rows<{ id: number }>(sql`select id from products where product_code = 'OG-7598'`))[0].id;
});
afterAll(() => s.close());

describe('release without a template', () => {
  it('releases at once (dataStatus 1) and starts no approval; the panel has nothing to offer', async () => {
    const id = await target(tw, 1);
    const r = await release(tw, id);
    expect(outcome(r)).toEqual(ok);
    // The reply says where the target ended, so the list can say "released" or "submitted for approval".
    expect(r.data).toEqual({ dataStatus: 1 });
    expect(await dataStatus(id)).toBe(1);
    expect(await instance(id)).toBeUndefined();
    const i = await info(tw, id);
    expect(outcome(i)).toEqual(ok);
    expect(i.data).toEqual({ workFlowList: [], workFlowOperates: [], lastCheckGrade: 0, signment: 0, status: null });
    expect(outcome(await check(tw, id, '2'))).toEqual(refused('workflowNotExist'));
  });
});

describe('release through approval', () => {
  beforeAll(async () => {
    ids.twTemplate = await addTemplate('TW release', 'TW', 1);
    ids.flowV1 = await addFlow(ids.twTemplate, 1, twFlow);
    // A matching template without a flow, sorted first, is passed over.
    await addTemplate('No flow yet', '', 0);
  });

  it('submits on Release: dataStatus 2, the superior is asked (and mailed), the applicant may only recall', async () => {
    ids.t = await target(tw, 2);
    const r = await release(tw, ids.t);
    expect(outcome(r)).toEqual(ok);
    expect(r.data).toEqual({ dataStatus: 2 });
    expect(await dataStatus(ids.t)).toBe(2);
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 2, flow_id: ids.flowV1 });
    expect(await mailsTo('tw.boss', ids.t)).toBe(1);
    expect(await mailsTo('tw.a1', ids.t)).toBe(0);
    // In approval, the target is read-only and cannot be released again.
    expect(outcome(await release(tw, ids.t))).toEqual(refused('targetReleased'));

    const mine = await info(tw, ids.t);
    expect(mine.data).toMatchObject({ workFlowOperates: ['-1'], lastCheckGrade: 2, signment: 1, status: 1 });
    expect(mine.data.workFlowList.map((w: { orderNo: number; sign: number; operates: string }) => [w.orderNo, w.sign, w.operates])).toEqual([
      [1, 2, '1'],
      [2, 1, ''],
      [3, 0, ''],
      [4, 0, ''],
      [5, 0, ''],
    ]);
    expect(mine.data.workFlowList[1]).toMatchObject({ title: 'Superior', userName: 'Name tw.boss' });
    expect(mine.data.workFlowList[2]).toMatchObject({ title: 'Sales managers', userName: 'Name tw.a1, Name tw.a2' });
    // The superior, at the first approver step: everything but return to the previous step and the applicant's.
    expect((await info(token['tw.boss'], ids.t)).data.workFlowOperates).toEqual(['2', '3_1', '4', '5']);
    // Someone of the next step has nothing to do yet.
    expect((await info(token['tw.a1'], ids.t)).data.workFlowOperates).toEqual([]);
  });

  it('refuses who is not the current approver, a return at the first approver step, and transfer or copy without recipients', async () => {
    expect(outcome(await check(token['tw.a1'], ids.t, '2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(tw, ids.t, '2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(token['tw.boss'], ids.t, '3'))).toEqual(refused('cannotReturnFirstApprover'));
    expect(outcome(await check(token['tw.boss'], ids.t, '4'))).toEqual(refused('selectTransferRecipients'));
    expect(outcome(await check(token['tw.boss'], ids.t, '5', { UserNumbers: ' , ' }))).toEqual(refused('selectCcRecipients'));
    expect(outcome(await check(token['tw.boss'], ids.t, '4', { UserNumbers: 'nobody.here' }))).toEqual(refused('personNotExist'));
    expect(outcome(await check(token['tw.boss'], ids.t, '-2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(token['tw.boss'], ids.t, '1'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(token['tw.boss'], ids.t, '7'))).toEqual(refused('workflowCannotOperate'));
    expect(await history(ids.t)).toHaveLength(1);
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 2 });
  });

  it('lets the applicant recall before anyone acted (back to draft), refuses a second recall, and re-submits on Release', async () => {
    expect(outcome(await check(token['tw.boss'], ids.t, '-1'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(tw, ids.t, '-1'))).toEqual(ok);
    expect(await dataStatus(ids.t)).toBe(0);
    expect(await instance(ids.t)).toMatchObject({ status: -1 });
    expect(outcome(await check(tw, ids.t, '-1'))).toEqual(refused('cannotRecallNotSubmitted'));
    expect((await info(token['tw.boss'], ids.t)).data.workFlowOperates).toEqual([]);

    expect(outcome(await release(tw, ids.t))).toEqual(ok);
    expect(await dataStatus(ids.t)).toBe(2);
    const h = await history(ids.t);
    expect(h.map((r) => r.operates)).toEqual(['1', '-1', '1']);
    // A re-submit is recorded above order 1 (the timeline calls it Re-Submit).
    expect(h[2].order_no).toBeGreaterThan(1);
    // ...and the timeline titles it as the applicant's step, not the approver step of its order.
    const steps = (await info(tw, ids.t)).data.workFlowList as Array<{ operates: string; title: string }>;
    const submits = steps.filter((st) => st.operates === '1');
    expect(submits).toHaveLength(2);
    expect(submits[1].title).toBe(submits[0].title);
  });

  it('moves on when the superior approves; then the applicant cannot recall, and the superior may withdraw', async () => {
    expect(outcome(await check(token['tw.boss'], ids.t, '2'))).toEqual(ok);
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 3 });
    expect(await mailsTo('tw.a1', ids.t)).toBe(1);
    expect(await mailsTo('tw.a2', ids.t)).toBe(1);
    expect(outcome(await check(tw, ids.t, '-1'))).toEqual(refused('cannotRecallOperated'));
    expect((await info(token['tw.boss'], ids.t)).data.workFlowOperates).toEqual(['-2']);
    expect((await info(token['tw.a1'], ids.t)).data.workFlowOperates).toEqual(['2', '3', '3_1', '4', '5']);

    expect(outcome(await check(token['tw.boss'], ids.t, '-2'))).toEqual(ok);
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 2 });
    expect(outcome(await check(token['tw.boss'], ids.t, '-2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(token['tw.boss'], ids.t, '2'))).toEqual(ok);
  });

  it('applies one of two concurrent approvals by two approvers of the same step; the CC step is mailed and passed', async () => {
    const before = (await history(ids.t)).length;
    const replies = await Promise.all([check(token['tw.a1'], ids.t, '2'), check(token['tw.a2'], ids.t, '2')]);
    const codes = replies.map((r) => r.code).sort();
    expect(codes).toEqual([0, 1]);
    expect(replies.find((r) => r.code === 0)!.msg).toBe('workflowCannotOperate');
    const h = await history(ids.t);
    const added = h.slice(before);
    // One approval at order 3, then the CC step passed by the engine (no user).
    expect(added.map((r) => [r.order_no, r.operates])).toEqual([
      [3, '2'],
      [4, '5'],
    ]);
    expect(added[1]).toMatchObject({ user_number: '', cc_info: 'Name tw.cc' });
    ids.winner = replies[0].code === 1 ? 0 : 1;
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 5 });
    expect(await mailsTo('tw.cc', ids.t)).toBe(1);
    expect(await mailsTo('tw.final', ids.t)).toBe(1);
  });

  it('returns to the previous approver step, after which the earlier approver can no longer withdraw', async () => {
    const winner = ids.winner === 0 ? 'tw.a1' : 'tw.a2';
    expect(outcome(await check(token['tw.final'], ids.t, '3', { CheckContent: 'check the chair quantity' }))).toEqual(ok);
    expect(await instance(ids.t)).toMatchObject({ status: 1, current_order: 3 });
    expect(outcome(await check(token[winner], ids.t, '-2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(token[winner], ids.t, '2'))).toEqual(ok);
    expect(await instance(ids.t)).toMatchObject({ current_order: 5 });
    // The step after acted (a return): the winner's earlier approval is no longer the last act… but this one is.
    expect((await info(token[winner], ids.t)).data.workFlowOperates).toEqual(['-2']);
  });

  it('transfers the current step, copies, and releases the target on the last approval', async () => {
    expect(outcome(await check(token['tw.final'], ids.t, '4', { UserNumbers: 'tw.other' }))).toEqual(ok);
    expect(outcome(await check(token['tw.final'], ids.t, '2'))).toEqual(refused('workflowCannotOperate'));
    expect(await mailsTo('tw.other', ids.t)).toBe(1);
    expect(outcome(await check(token['tw.other'], ids.t, '5', { UserNumbers: 'tw.cc,tw.a1' }))).toEqual(ok);
    const h = await history(ids.t);
    expect(h.at(-2)).toMatchObject({ operates: '4', transmit_info: 'Name tw.other' });
    expect(h.at(-1)).toMatchObject({ operates: '5', cc_info: 'Name tw.cc, Name tw.a1' });
    expect(await dataStatus(ids.t)).toBe(2);

    expect(outcome(await check(token['tw.other'], ids.t, '2', { CheckContent: 'fine' }))).toEqual(ok);
    expect(await dataStatus(ids.t)).toBe(1);
    expect(await instance(ids.t)).toMatchObject({ status: 2 });
    const done = await info(tw, ids.t);
    expect(done.data).toMatchObject({ workFlowOperates: [], signment: 2, status: 2 });
    expect(done.data.workFlowList.every((w: { sign: number }) => w.sign === 2)).toBe(true);
    expect(outcome(await check(tw, ids.t, '-1'))).toEqual(refused('cannotRecallOperated'));
    expect(outcome(await check(token['tw.other'], ids.t, '2'))).toEqual(refused('workflowCannotOperate'));
  });

  it('returns to the applicant: draft again (0), nothing to approve, and Release submits it again', async () => {
    const id = await target(tw, 3);
    expect(outcome(await release(tw, id))).toEqual(ok);
    expect(outcome(await check(token['tw.boss'], id, '3_1', { CheckContent: 'please fix' }))).toEqual(ok);
    expect(await dataStatus(id)).toBe(0);
    expect(await instance(id)).toMatchObject({ status: 0, current_order: 1 });
    expect(await mailsTo('tw.sales', id)).toBe(1);
    expect(outcome(await check(token['tw.boss'], id, '2'))).toEqual(refused('workflowCannotOperate'));
    expect(outcome(await check(tw, id, '-1'))).toEqual(refused('cannotRecallNotSubmitted'));
    // Draft again: the applicant may edit it.
    expect((await api.post(SAVE, { Id: id, Year: 2050, Month: 3, Rule: 1, Country: 'TW', SalesTargetDetailEntities: [{ Id: 0, ProductId: ids.chair, TargetQuantity: 9 }] }, tw)).code).toBe(1);
    expect(outcome(await release(tw, id))).toEqual(ok);
    expect(await dataStatus(id)).toBe(2);
    expect(await instance(id)).toMatchObject({ status: 1, current_order: 2 });
  });

  it('keeps a running instance on its flow version when the flow is edited; a new submit takes the newest', async () => {
    const running = await target(tw, 4);
    expect(outcome(await release(tw, running))).toEqual(ok);
    const v2 = await addFlow(ids.twTemplate, 2, linearFlow([{ type: 1, title: 'Director only', rule: { whereType: 2, whereUsers: 'tw.final' } }]));
    expect(await instance(running)).toMatchObject({ flow_id: ids.flowV1, current_order: 2 });
    expect(outcome(await check(token['tw.boss'], running, '2'))).toEqual(ok);
    expect(await instance(running)).toMatchObject({ status: 1, current_order: 3 });

    const fresh = await target(tw, 5);
    expect(outcome(await release(tw, fresh))).toEqual(ok);
    expect(await instance(fresh)).toMatchObject({ flow_id: v2, current_order: 2 });
    const steps = (await info(tw, fresh)).data.workFlowList;
    expect(steps.map((w: { title: string }) => w.title)).toEqual(['Applicant', 'Director only']);
    expect(outcome(await check(token['tw.final'], fresh, '2'))).toEqual(ok);
    expect(await dataStatus(fresh)).toBe(1);
  });
});

describe('country scope and mail-send', () => {
  it('chooses only an enabled template that names the applicant: the TW one does not match an HK applicant', async () => {
    const early = await target(hk, 8, 'HK');
    expect(outcome(await release(hk, early))).toEqual(ok);
    expect(await dataStatus(early)).toBe(1);
    expect(await instance(early)).toBeUndefined();
  });

  it('refuses a TW user the workflow of an HK target (403), while its approver elsewhere may act', async () => {
    // A disabled template sorted first is passed over.
    const off = await addTemplate('HK disabled', 'HK', 0);
    await addFlow(off, 1, linearFlow([{ type: 1, title: 'Disabled path', rule: { whereType: 2, whereUsers: 'tw.a1' } }]));
    await s.app.db.execute(sql`update workflow_templates set is_disabled = true where id = ${off}`);
    const hkTemplate = await addTemplate('HK release', 'HK', 2);
    // hk.sales has no superior: that step resolves to nobody, is shown done by no one, and passed.
    await addFlow(
      hkTemplate,
      1,
      linearFlow([
        { type: 1, title: 'Superior', rule: { whereType: 3, whereMaxGrade: 14 } },
        { type: 1, title: 'HK approver', rule: { whereType: 2, whereUsers: 'tw.final' } },
      ]),
    );
    const id = await target(hk, 6, 'HK');
    expect(outcome(await release(hk, id))).toEqual(ok);
    expect(await dataStatus(id)).toBe(2);
    expect(await instance(id)).toMatchObject({ status: 1, current_order: 3 });
    const timeline = (await info(hk, id)).data.workFlowList;
    expect(timeline.map((w: { title: string; userName: string; sign: number; operates: string }) => [w.title, w.userName, w.sign, w.operates])).toEqual([
      ['Applicant', 'Henry Wong', 2, '1'],
      ['Superior', '', 2, ''],
      ['HK approver', 'Name tw.final', 1, ''],
    ]);
    // The step that resolved to nobody says so (the timeline shows "skipped"); the others do not.
    expect(timeline.map((w: { skipped?: boolean }) => w.skipped ?? false)).toEqual([false, true, false]);
    expect(outcome(await info(tw, id))).toEqual([403, 0, '401']);
    expect(outcome(await check(tw, id, '2'))).toEqual([403, 0, '401']);
    expect(outcome(await api.post(MAILSEND, { FormType: 1, FormId: id, UserNumbers: 'tw.a1' }, tw))).toEqual([403, 0, '401']);
    // tw.final is named in the path: the HK form's approval is theirs to act on.
    expect((await info(token['tw.final'], id)).data.workFlowOperates).toEqual(['2', '3_1', '4', '5']);
    // With the target screens granted, the approver in another country may read the HK target they approve (not
    // write it); a TW colleague with the same grants who takes no part may not.
    for (const n of ['tw.final', 'tw.other']) {
      await s.app.db.execute(sql`insert into role_users (role_id, user_id) select r.role_id, u.id from role_users r, users u
        where r.user_id = (select id from users where number = 'tw.sales') and u.number = ${n} on conflict do nothing`);
    }
    token['tw.final'] = await api.login('tw.final', CHANGED);
    token['tw.other'] = await api.login('tw.other', CHANGED);
    expect(outcome(await api.get('/api/salestarget/getsalestargetbyid', { id }, token['tw.final']))).toEqual(ok);
    expect(outcome(await api.get('/api/salestarget/getsalestargetdetailbysalestargetid', { salesTargetId: id }, token['tw.final']))).toEqual(ok);
    expect(outcome(await api.get('/api/salestarget/getsalestargetbyid', { id }, token['tw.other']))[0]).toBe(403);
    expect(outcome(await api.post(SAVE, { Id: id, Year: 2050, Month: 6, Rule: 1, Country: 'HK', SalesTargetDetailEntities: [] }, token['tw.final']))[0]).toBe(403);
    expect(outcome(await check(token['tw.final'], id, '2'))).toEqual(ok);
    expect(await dataStatus(id)).toBe(1);
    expect(outcome(await info(admin, id))).toEqual(ok);
  });

  it('mails the chosen users about a form (no state change); recipients are required', async () => {
    const id = await target(tw, 7);
    expect(outcome(await api.post(MAILSEND, { FormType: 1, FormId: id, Operates: 4 }, tw))).toEqual(refused('msgSelectPersonnel'));
    expect(outcome(await api.post(MAILSEND, { FormType: 1, FormId: id, Operates: 4, UserNumbers: 'tw.a2', CheckContent: 'see this' }, tw))).toEqual(ok);
    expect(await mailsTo('tw.a2', id)).toBe(1);
    expect(await dataStatus(id)).toBe(0);
    // Mails are written in each recipient's language.
    await s.app.db.execute(sql`update users set language = 'zh-tw' where number = 'tw.a1'`);
    expect(outcome(await api.post(MAILSEND, { FormType: 1, FormId: id, Operates: 4, UserNumbers: 'tw.a1,tw.a2', CheckContent: 'see this' }, tw))).toEqual(ok);
    const mails = await rows<{ to: string; subject: string; body: string }>(
      sql`select addressee_email as to, subject, body from mail_records where form_type = 1 and form_id = ${id} order by id desc limit 2`,
    );
    const zh = mails.find((m) => m.to === 'tw.a1@example.test')!;
    const en = mails.find((m) => m.to === 'tw.a2@example.test')!;
    expect(zh.subject).toBe('SalesDesk：請您查看表單（TW 2050-07 rule 1）');
    expect(zh.body).toContain('請您查看 TW 2050-07 rule 1');
    expect(zh.body).toContain('意見：see this');
    expect(en.subject).toBe('SalesDesk: a form for you (TW 2050-07 rule 1)');
    expect(en.body).toContain('points you to TW 2050-07 rule 1');
    expect(en.body).toMatch(/Open it: http:\/\/\S+\/SalesTarget\w*\?id=\d+/);
    expect(outcome(await api.post(MAILSEND, { FormType: 9, FormId: 0, UserNumbers: 'tw.a2' }, tw))).toEqual(refused('workflowNotExist'));
  });
});
