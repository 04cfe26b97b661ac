// The demo approval on a fresh start (issue 9; seed/demo-workflow.ts, demo.ts): the enabled "Sales target release"
// template sends tw.sales's Release to their superior tw.manager (who sees every TW target through the demo managers'
// role), then to the OIH administrators' department leader oih.analyst, then copies tw.sales; the last approval
// releases the target. A sales user without a superior (sg.sales) has the superior step skipped. The approval
// panel's user picker (getuserpage) is granted through the sales-target list, scoped to the caller's countries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/plugins/permissions';
import { client, startServer, type TestServer } from './helpers';

let s: TestServer;
let api: ReturnType<typeof client>;
const token: Record<string, string> = {};
let chair = 0;

const SAVE = '/api/salestarget/addoreditsalestarget';
const RELEASE = '/api/salestarget/releasesalestarget';
const BY_ID = '/api/salestarget/getsalestargetbyid';
const INFO = '/api/workflow/getworkflowinfo';
const CHECK = '/api/workflow/checkworkflow';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await s.app.db.execute(query));
}
async function target(who: string, country: string, month: number): Promise<number> {
  const r = await api.post(SAVE, { Id: 0, Year: 2052, Month: month, Rule: 1, Country: country, SalesTargetDetailEntities: [{ Id: 0, ProductId: chair, TargetQuantity: 3 }] }, token[who]);
  expect(r.code).toBe(1);
  return r.data.id;
}
const dataStatus = async (id: number) => (await rows<{ s: number }>(sql`select data_status as s from sales_targets where id = ${id}`))[0].s;
const steps = async (id: number) =>
  (await rows<{ steps: Array<{ orderNo: number; kind: string; approvers: string[]; skipped?: string }> }>(
    sql`select steps from workflow_instances where form_type = 1 and form_id = ${id}`,
  ))[0].steps;
const info = (who: string, id: number) => api.get(INFO, { formType: 1, formId: id }, token[who]);
const approve = (who: string, id: number) => api.post(CHECK, { FormType: 1, FormId: id, Operates: '2', CheckContent: 'ok' }, token[who]);

beforeAll(async () => {
  s = await startServer();
  api = client(s.app);
  for (const n of ['tw.sales', 'tw.manager', 'oih.analyst', 'sg.sales', 'hk.sales']) token[n] = await api.login(n);
  chair = (await rows<{ id: number }>(sql`select id from products where product_code = 'OG-7598'`))[0].id;
});
afterAll(() => s.close());

describe('demo people', () => {
  it('seeds tw.manager (grade 8) as tw.sales’s superior, in the same TW sales department', async () => {
    const people = await rows<{ number: string; grade: number; leader_number: string | null; department_id: number }>(
      sql`select number, grade, leader_number, department_id from users where number in ('tw.sales', 'tw.manager') order by number`,
    );
    expect(people.map((p) => [p.number, p.grade, p.leader_number])).toEqual([
      ['tw.manager', 8, null],
      ['tw.sales', 6, 'tw.manager'],
    ]);
    expect(people[0].department_id).toBe(people[1].department_id);
  });
});

describe('a fresh start approves a sales target through the demo template', () => {
  it('tw.sales: superior tw.manager, then oih.analyst, then a copy to tw.sales; the last approval releases', async () => {
    const id = await target('tw.sales', 'TW', 1);
    expect((await api.get(RELEASE, { id }, token['tw.sales'])).code).toBe(1);
    expect(await dataStatus(id)).toBe(2);
    expect((await steps(id)).map((st) => [st.kind, st.approvers, st.skipped ?? ''])).toEqual([
      ['submit', ['tw.sales'], ''],
      ['approve', ['tw.manager'], ''],
      ['approve', ['oih.analyst'], ''],
      ['cc', ['tw.sales'], ''],
    ]);

    // The superior opens the target (all data on the target screen) and may act on it; head office waits.
    expect((await api.get(BY_ID, { id }, token['tw.manager'])).code).toBe(1);
    expect((await info('tw.manager', id)).data.workFlowOperates).toEqual(['2', '3_1', '4', '5']);
    expect((await info('oih.analyst', id)).data.workFlowOperates).toEqual([]);
    expect((await approve('tw.manager', id)).code).toBe(1);
    expect(await dataStatus(id)).toBe(2);

    expect((await api.get(BY_ID, { id }, token['oih.analyst'])).code).toBe(1);
    expect((await info('oih.analyst', id)).data.workFlowOperates).toContain('2');
    expect((await approve('oih.analyst', id)).code).toBe(1);
    expect(await dataStatus(id)).toBe(1);
    expect((await info('tw.sales', id)).data).toMatchObject({ status: 2, workFlowOperates: [] });
  });

  it('sg.sales has no superior: that step is skipped and head office approves', async () => {
    const id = await target('sg.sales', 'SG', 2);
    expect((await api.get(RELEASE, { id }, token['sg.sales'])).code).toBe(1);
    expect((await steps(id)).map((st) => [st.kind, st.approvers, st.skipped ?? ''])).toEqual([
      ['submit', ['sg.sales'], ''],
      ['approve', [], 'nobody'],
      ['approve', ['oih.analyst'], ''],
      ['cc', ['sg.sales'], ''],
    ]);
    expect((await approve('oih.analyst', id)).code).toBe(1);
    expect(await dataStatus(id)).toBe(1);
  });
});

describe('the approval panel’s user picker', () => {
  it('is granted to sales users through the sales-target list, scoped to their country', async () => {
    const page = await api.get<{ items: Array<{ number: string }> }>('/api/user/getuserpage', { pageIndex: 1, pageSize: 100 }, token['tw.sales']);
    expect(page.code).toBe(1);
    const numbers = page.data.items.map((u) => u.number);
    expect(numbers).toEqual(expect.arrayContaining(['tw.sales', 'tw.manager']));
    expect(numbers.filter((n) => !n.startsWith('tw.'))).toEqual([]);
  });
});
