// Approval templates and flows (spec part 3 §2.1–2.3, §4.4, §5, §7, §8.2, §9; DESIGN §5, §10): add/edit with
// normalised lists and field errors, unique names (msgAddTemplateNameExist, also when two adds race), sort bounds,
// the list's filters and default page of 50, disable, delete (refused while a form is in approval on the template),
// the form types, and setflow's versions and refusals; the menu grants decide who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import type { FlowData } from '@/shared/contracts/workflow';
import { addAfter, initialFlow, newRule, setRule } from '@/shared/domain/workflow-flow';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
/** In the Administrators role (the template screens), OIH: every company but HK. */
let oihAdmin: string;
/** Subsidiary sales staff: no template screen. */
let tw: string;

const P = {
  page: '/api/workflow/gettemplatepage',
  byId: '/api/workflow/gettemplatebyid',
  save: '/api/workflow/addoredittemplate',
  del: '/api/workflow/deltemplate',
  disable: '/api/workflow/disabledtemplate',
  formTypes: '/api/workflow/getformtypes',
  flow: '/api/workflow/getflowbytemplateid',
  setFlow: '/api/workflow/setflow',
};

interface Item {
  id: number;
  formType: number;
  formTypeString: string;
  templateName: string;
  companys: string;
  departments: string;
  users: string;
  sort: number;
  isDisabled: boolean;
  version: number;
  flowVersion: number;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
const fieldsOf = (data: unknown) => (data as Array<{ field: string }>).map((f) => f.field).sort();

/** An addoredittemplate body with the spec's keys (and a forged UserNumber the server ignores). */
const form = (over: Record<string, unknown> = {}) => ({
  Id: 0,
  FormType: 1,
  TemplateName: 'Template',
  Companys: '',
  Departments: '',
  Users: '',
  Sort: 10,
  UserNumber: 'forged',
  ...over,
});

async function addTemplate(name: string, over: Record<string, unknown> = {}): Promise<Item> {
  const r = await api.post<Item>(P.save, form({ TemplateName: name, ...over }), admin);
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

/** C-1 → an approver whose rule lists `users` (whereType 2). */
const flowWithUsers = (users: string): FlowData => {
  const f = addAfter(initialFlow(), 'C-1', 'approver');
  return setRule(f, 'C-1-1', 0, { ...newRule('C-1-1', 2), whereUsers: users });
};
/** The setflow body as the designer sends it (PascalCase keys). */
const flowBody = (id: number, flow: FlowData) => ({
  Id: id,
  UserNumber: 'forged',
  WorkFlowList: flow.workFlowList.map((n) => ({ WorkFlowTemplateId: id, Code: n.code, Type: n.type, Title: n.title, ParentCode: n.parentCode, Drawer: n.drawer })),
  WhereList: flow.whereList.map((r) => ({
    ParentCode: r.parentCode,
    WhereType: r.whereType,
    WhereUsers: r.whereUsers,
    WhereDepartments: r.whereDepartments,
    WhereCompanys: r.whereCompanys,
    WhereGrades: r.whereGrades,
    WhereRanks: r.whereRanks,
    WhereMaxGrade: r.whereMaxGrade,
    WhereMaxRank: r.whereMaxRank,
    WhereIsAddUser: r.whereIsAddUser,
  })),
});

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  admin = await api.login('admin');
  oihAdmin = await api.login('oih.admin');
  tw = await api.login('tw.sales');
  // A disabled account to name in a flow.
  await s.app.db.execute(sql`insert into users (number, account, name, password_hash, company_id, is_disabled)
    select 'gone.user', 'gone.user', 'Gone', password_hash, company_id, true from users where number = 'tw.sales'`);
});
afterAll(() => s.close());

describe('form types', () => {
  it('lists the form types a template can be made for, with their label keys (not the mail-only type 9)', async () => {
    const r = await api.get<Array<{ value: number; label: string }>>(P.formTypes, {}, admin);
    expect(r.code).toBe(1);
    expect(r.data).toEqual([{ value: 1, label: 'workflow.formTypes.1' }]);
  });
});

describe('add and edit', () => {
  it('adds a template with normalised lists, and reads it back by id', async () => {
    const r = await api.post<Item>(
      P.save,
      form({ TemplateName: '  Release TW  ', Companys: ' tw , SG,,TW ', Departments: 'TW-SALES', Users: 'tw.sales, ', Sort: 5 }),
      admin,
    );
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toMatchObject({
      formType: 1,
      formTypeString: 'workflow.formTypes.1',
      templateName: 'Release TW',
      companys: 'TW,SG',
      departments: 'TW-SALES',
      users: 'tw.sales',
      sort: 5,
      isDisabled: false,
      version: 1,
      flowVersion: 0,
    });
    const byId = await api.get<Item>(P.byId, { id: r.data.id }, admin);
    expect(byId.data).toEqual(r.data);
    const [row] = await rows<{ add_user_number: string }>(sql`select add_user_number from workflow_templates where id = ${r.data.id}`);
    expect(row.add_user_number).toBe('admin');
  });

  it('edits a template, bumping its version; a stale version is refused', async () => {
    const t = await addTemplate('Edit me');
    const r = await api.post<Item>(P.save, form({ Id: t.id, TemplateName: 'Edited', Sort: 7, Version: t.version }), admin);
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toMatchObject({ id: t.id, templateName: 'Edited', sort: 7, version: 2 });
    const stale = await api.post(P.save, form({ Id: t.id, TemplateName: 'Edited again', Version: 1 }), admin);
    expect(stale).toMatchObject({ code: 0, msg: 'staleVersion', data: { id: t.id, version: 2 } });
    const unknown = await api.post(P.save, form({ Id: 999_999, TemplateName: 'Nobody' }), admin);
    expect(unknown).toMatchObject({ code: 0, msg: 'notFound' });
  });

  it('refuses a name already used, in any case, by an add or an edit', async () => {
    const a = await addTemplate('Unique Name');
    const dup = await api.post(P.save, form({ TemplateName: 'unique name' }), admin);
    expect(dup).toMatchObject({ code: 0, msg: 'msgAddTemplateNameExist' });
    const b = await addTemplate('Other Name');
    const onto = await api.post(P.save, form({ Id: b.id, TemplateName: 'UNIQUE NAME' }), admin);
    expect(onto).toMatchObject({ code: 0, msg: 'msgAddTemplateNameExist' });
    // Keeping its own name is no clash.
    const same = await api.post(P.save, form({ Id: a.id, TemplateName: 'Unique Name', Sort: 3 }), admin);
    expect(same.code).toBe(1);
  });

  it('gives racing adds of one name one template and msgAddTemplateNameExist to the others', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => api.post(P.save, form({ TemplateName: 'Race' }), admin)));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) expect(r).toMatchObject({ code: 0, msg: 'msgAddTemplateNameExist' });
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from workflow_templates where lower(template_name) = 'race'`);
    expect(n).toBe(1);
  });

  it('accepts sort 0 to 99999 and refuses outside it; formType, templateName and sort are required', async () => {
    expect((await api.post(P.save, form({ TemplateName: 'Sort 0', Sort: 0 }), admin)).code).toBe(1);
    expect((await api.post(P.save, form({ TemplateName: 'Sort max', Sort: 99_999 }), admin)).code).toBe(1);
    for (const sort of [-1, 100_000]) {
      const r = await api.post(P.save, form({ TemplateName: `Sort ${sort}`, Sort: sort }), admin);
      expect(r.status).toBe(400);
      expect(fieldsOf(r.data)).toEqual(['sort']);
    }
    const missing = await api.post(P.save, { Id: 0, TemplateName: '  ' }, admin);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.data)).toEqual(['formType', 'sort', 'templateName']);
  });

  it('refuses a form type without a flow and unknown companies, departments and users, field by field', async () => {
    const r = await api.post(P.save, form({ TemplateName: 'Bad refs', FormType: 9, Companys: 'TW,XX', Departments: 'NOPE', Users: 'tw.sales,ghost' }), admin);
    expect(r.status).toBe(400);
    expect(r.data).toEqual([
      { field: 'formType', message: 'notFound' },
      { field: 'companys', message: 'notFound: XX' },
      { field: 'departments', message: 'notFound: NOPE' },
      { field: 'users', message: 'notFound: ghost' },
    ]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from workflow_templates where template_name = 'Bad refs'`);
    expect(n).toBe(0);
  });

  it('lets a non-admin name only companies in their scope (403 otherwise)', async () => {
    const ok = await api.post<Item>(P.save, form({ TemplateName: 'OIH scope', Companys: 'TW,OIH' }), oihAdmin);
    expect(ok.code, ok.msg).toBe(1);
    const hk = await api.post(P.save, form({ TemplateName: 'HK scope', Companys: 'HK' }), oihAdmin);
    expect(hk.status).toBe(403);
    expect(hk.msg.startsWith('401')).toBe(true);
    // admin sees every company.
    expect((await api.post(P.save, form({ TemplateName: 'HK by admin', Companys: 'HK' }), admin)).code).toBe(1);
  });
});

describe('list', () => {
  it('pages 50 by default, filters by form type, name (contains, any case) and disabled, and orders by sort', async () => {
    for (let i = 0; i < 55; i++) await addTemplate(`Paged ${String(i).padStart(2, '0')}`, { Sort: 1000 + i });
    const first = await api.get<{ items: Item[]; count: number }>(P.page, { templateName: 'PAGED' }, admin);
    expect(first.data.count).toBe(55);
    expect(first.data.items).toHaveLength(50);
    expect(first.data.items[0].templateName).toBe('Paged 00');
    const second = await api.get<{ items: Item[]; count: number }>(P.page, { templateName: 'paged', pageIndex: 2 }, admin);
    expect(second.data.items.map((t) => t.templateName)).toEqual(['Paged 50', 'Paged 51', 'Paged 52', 'Paged 53', 'Paged 54']);
    const small = await api.get<{ items: Item[]; count: number }>(P.page, { templateName: 'paged', pageSize: 10 }, admin);
    expect(small.data.items).toHaveLength(10);

    expect((await api.get<{ count: number }>(P.page, { formType: 9 }, admin)).data.count).toBe(0);
    expect((await api.get<{ count: number }>(P.page, { formType: 1, templateName: 'paged 0' }, admin)).data.count).toBe(10);
    // A LIKE wildcard matches itself only.
    expect((await api.get<{ count: number }>(P.page, { templateName: '%' }, admin)).data.count).toBe(0);
  });

  it('disables and re-enables a template; the disabled filter follows', async () => {
    const t = await addTemplate('Switch me');
    const off = await api.post(P.disable, { Id: t.id, IsDisabled: true, UserNumber: 'forged' }, admin);
    expect(off.code).toBe(1);
    const enabled = await api.get<{ items: Item[] }>(P.page, { templateName: 'Switch me', isDisabled: false }, admin);
    expect(enabled.data.items).toHaveLength(0);
    const disabled = await api.get<{ items: Item[] }>(P.page, { templateName: 'Switch me', isDisabled: true }, admin);
    expect(disabled.data.items.map((x) => x.id)).toEqual([t.id]);
    expect((await api.post(P.disable, { Id: t.id, IsDisabled: false }, admin)).code).toBe(1);
    expect((await api.get<Item>(P.byId, { id: t.id }, admin)).data.isDisabled).toBe(false);
    expect((await api.post(P.disable, { Id: 999_999, IsDisabled: true }, admin)).msg).toBe('notFound');
  });
});

describe('delete', () => {
  it('deletes a template with its flow versions', async () => {
    const t = await addTemplate('Delete me');
    expect((await api.post(P.setFlow, flowBody(t.id, flowWithUsers('tw.sales')), admin)).code).toBe(1);
    const r = await api.post(P.del, { Id: t.id, UserNumber: 'forged' }, admin);
    expect(r.code, r.msg).toBe(1);
    expect((await api.get(P.byId, { id: t.id }, admin)).msg).toBe('notFound');
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from workflow_flows where template_id = ${t.id}`);
    expect(n).toBe(0);
    expect((await api.post(P.del, { Id: t.id }, admin)).msg).toBe('notFound');
  });

  it('refuses while a form is in approval on the template; once it is finished the delete goes through', async () => {
    const t = await addTemplate('Busy');
    expect((await api.post(P.setFlow, flowBody(t.id, flowWithUsers('tw.sales')), admin)).code).toBe(1);
    const [flow] = await rows<{ id: number }>(sql`select id from workflow_flows where template_id = ${t.id}`);
    await s.app.db.execute(sql`insert into workflow_instances (form_type, form_id, template_id, flow_id, applicant_number, status, current_order, steps)
      values (1, 900001, ${t.id}, ${flow.id}, 'tw.sales', 1, 2, '[]'::jsonb)`);
    const refused = await api.post(P.del, { Id: t.id }, admin);
    expect(refused).toMatchObject({ code: 0, msg: 'workflowCannotOperate' });
    expect((await api.get(P.byId, { id: t.id }, admin)).code).toBe(1);

    await s.app.db.execute(sql`update workflow_instances set status = 2 where form_id = 900001`);
    expect((await api.post(P.del, { Id: t.id }, admin)).code).toBe(1);
    // The finished instance stays, without its link to the deleted template.
    const [inst] = await rows<{ template_id: number | null; flow_id: number | null }>(
      sql`select template_id, flow_id from workflow_instances where form_id = 900001`,
    );
    expect(inst).toEqual({ template_id: null, flow_id: null });
  });
});

describe('flows', () => {
  it('answers version 0 with just the applicant node C-1 before any flow is set; an unknown template is templateNotExist', async () => {
    const t = await addTemplate('No flow yet');
    const r = await api.get<FlowData & { version: number }>(P.flow, { templateId: t.id }, admin);
    expect(r.code).toBe(1);
    expect(r.data.version).toBe(0);
    expect(r.data.workFlowList.map((n) => n.code)).toEqual(['C-1']);
    expect(r.data.whereList).toMatchObject([{ parentCode: 'C-1', whereType: 1 }]);
    expect((await api.get(P.flow, { templateId: 999_999 }, admin)).msg).toBe('templateNotExist');
    expect((await api.post(P.setFlow, flowBody(999_999, flowWithUsers('tw.sales')), admin)).msg).toBe('templateNotExist');
  });

  it('refuses an empty flow, or one with only C-1 (msgSetFolwAddBranch)', async () => {
    const t = await addTemplate('Empty flow');
    expect(await api.post(P.setFlow, { Id: t.id, WorkFlowList: [], WhereList: [] }, admin)).toMatchObject({ code: 0, msg: 'msgSetFolwAddBranch' });
    expect(await api.post(P.setFlow, flowBody(t.id, initialFlow()), admin)).toMatchObject({ code: 0, msg: 'msgSetFolwAddBranch' });
    expect(await api.post(P.setFlow, { Id: t.id }, admin)).toMatchObject({ code: 0, msg: 'msgSetFolwAddBranch' });
  });

  it('refuses an unknown user (flowAccountNotExist), a disabled one (flowAccountDisabled) and no user (msgSelectPersonnel)', async () => {
    const t = await addTemplate('Bad people');
    expect(await api.post(P.setFlow, flowBody(t.id, flowWithUsers('tw.sales,ghost')), admin)).toMatchObject({ code: 0, msg: 'flowAccountNotExist' });
    expect(await api.post(P.setFlow, flowBody(t.id, flowWithUsers('gone.user')), admin)).toMatchObject({ code: 0, msg: 'flowAccountDisabled' });
    expect(await api.post(P.setFlow, flowBody(t.id, flowWithUsers('')), admin)).toMatchObject({ code: 0, msg: 'msgSelectPersonnel' });
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from workflow_flows where template_id = ${t.id}`);
    expect(n).toBe(0);
  });

  it('refuses a malformed tree and unknown departments as field errors', async () => {
    const t = await addTemplate('Bad tree');
    const broken = flowWithUsers('tw.sales');
    broken.workFlowList[1] = { ...broken.workFlowList[1], parentCode: 'C-9' };
    const r = await api.post(P.setFlow, flowBody(t.id, broken), admin);
    expect(r.status).toBe(400);
    expect(r.msg).toBe('validationError');

    let branchy = addAfter(initialFlow(), 'C-1', 'branch');
    branchy = setRule(branchy, 'C-1-1-1', 0, { ...newRule('C-1-1-1', 1003), whereDepartments: 'NOPE' });
    const dep = await api.post(P.setFlow, flowBody(t.id, branchy), admin);
    expect(dep.status).toBe(400);
    expect(dep.data).toEqual([{ field: 'workFlowList.C-1-1-1', message: 'notFound' }]);
  });

  it('saves a valid flow as version 1, then 2; the newest is served, the old version row stays', async () => {
    const t = await addTemplate('Versioned');
    const v1 = await api.post<{ version: number }>(P.setFlow, flowBody(t.id, flowWithUsers(' TW.SALES ')), admin);
    expect(v1).toMatchObject({ code: 1, data: { version: 1 } });
    let read = await api.get<FlowData & { version: number }>(P.flow, { templateId: t.id }, admin);
    expect(read.data.version).toBe(1);
    // Numbers are stored with their stored spelling.
    expect(read.data.whereList.find((r) => r.parentCode === 'C-1-1')?.whereUsers).toBe('tw.sales');

    let second = addAfter(flowWithUsers('tw.sales'), 'C-1-1', 'cc');
    second = setRule(second, 'C-1-1-1', 0, { ...newRule('C-1-1-1', 2), whereUsers: 'sg.sales' });
    const v2 = await api.post<{ version: number }>(P.setFlow, flowBody(t.id, second), admin);
    expect(v2).toMatchObject({ code: 1, data: { version: 2 } });
    read = await api.get<FlowData & { version: number }>(P.flow, { templateId: t.id }, admin);
    expect(read.data.version).toBe(2);
    expect(read.data.workFlowList.map((n) => [n.code, n.type])).toEqual([
      ['C-1', 1],
      ['C-1-1', 1],
      ['C-1-1-1', 5],
    ]);
    const versions = await rows<{ version: number }>(sql`select version from workflow_flows where template_id = ${t.id} order by version`);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect((await api.get<Item>(P.byId, { id: t.id }, admin)).data.flowVersion).toBe(2);
    const listed = await api.get<{ items: Item[] }>(P.page, { templateName: 'Versioned' }, admin);
    expect(listed.data.items[0].flowVersion).toBe(2);
  });
});

describe('demo template', () => {
  it('seeds "Sales target release" for everyone, enabled, with a valid flow: applicant, superior, OIH sales leader, copy to the applicant', async () => {
    const list = await api.get<{ items: Item[] }>(P.page, { templateName: 'Sales target release' }, admin);
    expect(list.data.items).toHaveLength(1);
    const t = list.data.items[0];
    // Enabled: a fresh start shows a working approval (workflow-demo.test.ts follows one through).
    expect(t).toMatchObject({ formType: 1, companys: '', departments: '', users: '', isDisabled: false, flowVersion: 1 });
    const flow = await api.get<FlowData & { version: number }>(P.flow, { templateId: t.id }, admin);
    expect(flow.data.workFlowList.map((n) => [n.code, n.type])).toEqual([
      ['C-1', 1],
      ['C-1-1', 1],
      ['C-1-1-1', 1],
      ['C-1-1-1-1', 5],
    ]);
    expect(flow.data.whereList).toMatchObject([
      { parentCode: 'C-1', whereType: 1 },
      { parentCode: 'C-1-1', whereType: 3, whereMaxGrade: 8 },
      { parentCode: 'C-1-1-1', whereType: 2, whereUsers: 'oih.analyst' },
      { parentCode: 'C-1-1-1-1', whereType: 2, whereIsAddUser: true },
    ]);
    // The server's own checks accept it as it is (saved again as version 2).
    const again = await api.post(P.setFlow, flowBody(t.id, flow.data), admin);
    expect(again).toMatchObject({ code: 1, data: { version: 2 } });
  });
});

describe('grants', () => {
  it('refuses every template and flow call to a user whose roles do not grant the template screens (403)', async () => {
    const t = await addTemplate('Granted only');
    const calls: Array<[ 'GET' | 'POST', string, Record<string, unknown>]> = [
      ['GET', P.page, {}],
      ['GET', P.byId, { id: t.id }],
      ['POST', P.save, form({ TemplateName: 'By sales' })],
      ['POST', P.del, { Id: t.id }],
      ['POST', P.disable, { Id: t.id, IsDisabled: true }],
      ['GET', P.formTypes, {}],
      ['GET', P.flow, { templateId: t.id }],
      ['POST', P.setFlow, flowBody(t.id, flowWithUsers('tw.sales'))],
    ];
    for (const [method, url, input] of calls) {
      const r = await api.call(method, url, input, tw);
      expect(r.status, url).toBe(403);
      expect(r.msg.startsWith('401'), url).toBe(true);
    }
    expect((await api.get<Item>(P.byId, { id: t.id }, admin)).data.isDisabled).toBe(false);
  });

  it('serves a non-admin holding the template screens', async () => {
    const r = await api.get<{ count: number }>(P.page, {}, oihAdmin);
    expect(r.code).toBe(1);
    expect(r.data.count).toBeGreaterThan(0);
  });
});
