// @vitest-environment jsdom
// The approval panel and timeline (spec part 3 §2.4, §4.1, §5; DESIGN §10) rendered in jsdom inside the app's
// providers, against the real server in-process (fetch onto app.inject, as in pickers.test.tsx): a template whose flow
// is C-1 → approver admin → approver admin, sales targets by admin released into it, and the real engine's answers.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { sql } from 'drizzle-orm';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import { rowsOf } from '@/server/plugins/permissions';
import { Notifications } from '@/app/components/feedback/notifications';
import { ApprovalPanel } from '@/app/components/workflow/approval-panel';
import { ApprovalMailSend } from '@/app/components/workflow/approval-mail-send';
import { actionPayload, allowedButtons, hasFlow, stepColor } from '@/app/components/workflow/approval-logic';
import type { WorkflowStep } from '@/shared/contracts/workflow';
import { addAfter, APPROVER_WHERE, initialFlow, newRule, setRule } from '@/shared/domain/workflow-flow';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

configure({ asyncUtilTimeout: 10_000 });
// Each test sends several operations through the in-process server.
vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
const realFetch = globalThis.fetch;
const product: Record<string, number> = {};

/** fetch onto the in-process server. */
const injectFetch = fetchOnto(() => server.app);

/** A rule-1 TW target by admin for the month; answers its id. */
let month = 0;
async function addTarget(): Promise<number> {
  month += 1;
  const r = await api.post(
    '/api/salestarget/addoreditsalestarget',
    { Id: 0, Year: 2041, Month: month, Rule: 1, Country: 'TW', DataStatus: 0, SalesTargetDetailEntities: [{ Id: 0, ProductId: product.chair, TargetQuantity: 5 }] },
    admin,
  );
  expect(r.code, r.msg).toBe(1);
  return (r.data as { id: number }).id;
}

async function release(id: number) {
  const r = await api.get('/api/salestarget/releasesalestarget', { id }, admin);
  expect(r.code, r.msg).toBe(1);
}

async function targetStatus(id: number): Promise<number> {
  const r = await api.get('/api/salestarget/getsalestargetbyid', { id }, admin);
  expect(r.code, r.msg).toBe(1);
  return (r.data as { dataStatus: number }).dataStatus;
}

beforeAll(async () => {
  server = await startServer();
  api = client(server.app);
  admin = await api.login('admin');
  setSession({ token: admin, id: 1, number: 'admin', name: 'admin', language: 'en', companyNumber: null, sideMenuList: [], buttons: [] });
  await i18n.changeLanguage('en');
  const found = rowsOf<{ id: number }>(await server.app.db.execute(sql`select id from products where product_code = 'OG-7598'`));
  product.chair = found[0].id;

  // Everyone's sales targets go through two approver steps, both admin's (so one session sees every state).
  const tpl = await api.post('/api/workflow/addoredittemplate', { id: 0, formType: 1, templateName: 'Panel test', sort: 0 }, admin);
  expect(tpl.code, tpl.msg).toBe(1);
  let flow = addAfter(initialFlow(), 'C-1', 'approver');
  flow = setRule(flow, 'C-1-1', 0, { ...newRule('C-1-1', APPROVER_WHERE.users), whereUsers: 'admin' });
  flow = addAfter(flow, 'C-1-1', 'approver');
  flow = setRule(flow, 'C-1-1-1', 0, { ...newRule('C-1-1-1', APPROVER_WHERE.users), whereUsers: 'admin' });
  const set = await api.post('/api/workflow/setflow', { id: (tpl.data as { id: number }).id, ...flow }, admin);
  expect(set.code, JSON.stringify(set)).toBe(1);
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

afterEach(() => {
  cleanup();
  notifications.clean();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

function renderPanel(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const user = () => userEvent.setup({ delay: null });
const opButtons = () =>
  screen
    .queryAllByTestId(/^approval-op-/)
    .map((b) => b.getAttribute('data-testid')!.replace('approval-op-', ''))
    .sort();

describe('approval panel', () => {
  it('shows the error result titled with the workflow message when the form has no approval (≤ 1 step)', async () => {
    const id = await addTarget();
    renderPanel(<ApprovalPanel formType={1} formId={id} />);
    const error = await screen.findByTestId('approval-error');
    expect(error.textContent).toContain('Workflow does not exist.');
    expect(screen.queryByTestId('approval-timeline')).toBeNull();
    expect(screen.queryByTestId('approval-content')).toBeNull();
  });

  it('shows only the allowed buttons, the timeline, and asks before a recall', async () => {
    const id = await addTarget();
    await release(id);
    expect(await targetStatus(id)).toBe(2);
    const onChanged = vi.fn();
    renderPanel(<ApprovalPanel formType={1} formId={id} onChanged={onChanged} />);
    await screen.findByTestId('approval-content');
    // Admin is the applicant (recall) and the current approver; no previous approver to return to, nothing to withdraw.
    expect(opButtons()).toEqual(['-1', '2', '3_1', '4', '5'].sort());
    expect(screen.getByTestId('approval-op-2').textContent).toBe('Pass');
    expect(screen.getByTestId('approval-op-3_1').textContent).toBe('Return to creator');
    const steps = within(screen.getByTestId('approval-timeline')).getAllByTestId('approval-step');
    // The submit row, then step 2 in progress and step 3 waiting.
    expect(steps.map((s) => s.getAttribute('data-sign'))).toEqual(['2', '1', '0']);
    expect(steps[1].textContent).toContain('In Approval');
    expect(steps[2].textContent).toContain('Pending Approval');
    expect(steps.map((s) => s.getAttribute('data-color'))).toEqual(['blue', 'blue', 'gray']);

    const u = user();
    await u.type(screen.getByTestId('approval-content'), 'taking it back');
    expect(screen.getByTestId('approval-content-count').textContent?.replace(/\s/g, '')).toBe('14/1000');
    await u.click(screen.getByTestId('approval-op--1'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Recall the form from approval?');
    await u.click(screen.getByTestId('confirm-cancel'));
    // Cancelled: nothing sent, the target is still in approval.
    expect(await targetStatus(id)).toBe(2);
    expect(onChanged).not.toHaveBeenCalled();

    await u.click(screen.getByTestId('approval-op--1'));
    await u.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(await targetStatus(id)).toBe(0);
    await screen.findByText('Recall: done.');
    // Reloaded: recalled, nothing left to do; the timeline keeps the submit and the recall with its comment.
    await waitFor(() => expect(screen.queryByTestId('approval-content')).toBeNull());
    const after = within(screen.getByTestId('approval-timeline')).getAllByTestId('approval-step');
    expect(after).toHaveLength(2);
    expect(after[1].textContent).toContain('taking it back');
  });

  it('refuses transfer and copy without recipients (msgSelectPersonnel), then approves and reloads', async () => {
    const id = await addTarget();
    await release(id);
    const onChanged = vi.fn();
    renderPanel(<ApprovalPanel formType={1} formId={id} onChanged={onChanged} />);
    await screen.findByTestId('approval-content');
    expect(screen.getByTestId('approval-recipients')).toBeTruthy();
    const u = user();
    await u.click(screen.getByTestId('approval-op-4'));
    expect(await screen.findByText('Please select a person.')).toBeTruthy();
    notifications.clean();
    await u.click(screen.getByTestId('approval-op-5'));
    expect(await screen.findByText('Please select a person.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-ok')).toBeNull();

    // Pass needs no confirmation: the step moves on; admin now also sees return (3) and withdraw (-2), not recall.
    await u.click(screen.getByTestId('approval-op-2'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(opButtons()).toEqual(['-2', '2', '3', '3_1', '4', '5'].sort()));
    expect(await targetStatus(id)).toBe(2);
    // The last approval releases the target.
    await u.click(screen.getByTestId('approval-op-2'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
    expect(await targetStatus(id)).toBe(1);
    await waitFor(() => expect(screen.queryByTestId('approval-content')).toBeNull());
    const steps = within(screen.getByTestId('approval-timeline')).getAllByTestId('approval-step');
    expect(steps.every((s) => s.getAttribute('data-sign') === '2')).toBe(true);
  });

  it('returns to the applicant after a confirmation: draft again, the return in red', async () => {
    const id = await addTarget();
    await release(id);
    renderPanel(<ApprovalPanel formType={1} formId={id} />);
    await screen.findByTestId('approval-content');
    const u = user();
    await u.type(screen.getByTestId('approval-content'), 'fix the rows');
    await u.click(screen.getByTestId('approval-op-3_1'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('Return the form to its creator?');
    await u.click(screen.getByTestId('confirm-ok'));
    await screen.findByText('Return to creator: done.');
    expect(await targetStatus(id)).toBe(0);
    await waitFor(() => expect(screen.queryByTestId('approval-content')).toBeNull());
    const steps = within(screen.getByTestId('approval-timeline')).getAllByTestId('approval-step');
    expect(steps.at(-1)!.getAttribute('data-color')).toBe('red');
    expect(steps.at(-1)!.textContent).toContain('fix the rows');
  });
});

describe('mail-send variant', () => {
  it('needs recipients (msgSelectPersonnel) and has one button', async () => {
    const id = await addTarget();
    renderPanel(<ApprovalMailSend formType={1} formId={id} />);
    const panel = await screen.findByTestId('approval-mail-send');
    expect(within(panel).getAllByRole('button', { name: 'Send mail' })).toHaveLength(1);
    await user().click(screen.getByTestId('approval-mail-send-button'));
    expect(await screen.findByText('Please select a person.')).toBeTruthy();
  });
});

describe('approval panel rules', () => {
  const step = (over: Partial<WorkflowStep>): WorkflowStep => ({
    orderNo: 2,
    title: '',
    userName: '',
    sign: 0,
    operates: '',
    checkContent: '',
    checkDateString: '',
    transmitInfo: '',
    ccInfo: '',
    returnInfo: '',
    ...over,
  });

  it('offers exactly the known allowed codes, in order', () => {
    expect(allowedButtons(['-2', '2', 'x', '3_1'])).toEqual(['2', '3_1', '-2']);
    expect(allowedButtons([])).toEqual([]);
  });

  it('needs more than one step to show a flow', () => {
    expect(hasFlow({ workFlowList: [] })).toBe(false);
    expect(hasFlow({ workFlowList: [step({ orderNo: 1 })] })).toBe(false);
    expect(hasFlow({ workFlowList: [step({ orderNo: 1 }), step({})] })).toBe(true);
  });

  it('colours a return at the last check grade red while signment is 0, signed steps blue', () => {
    const back = step({ sign: 2, operates: '3_1', orderNo: 2 });
    const list = [step({ sign: 2, operates: '1', orderNo: 1 }), back];
    expect(stepColor(back, { lastCheckGrade: 2, signment: 0, workFlowList: list })).toBe('red');
    // The latest row, though the form is back at order 1.
    expect(stepColor(back, { lastCheckGrade: 1, signment: 0, workFlowList: list })).toBe('red');
    expect(stepColor(back, { lastCheckGrade: 2, signment: 1, workFlowList: list })).toBe('blue');
    expect(stepColor(list[0], { lastCheckGrade: 1, signment: 0, workFlowList: list })).toBe('blue');
    expect(stepColor(step({ sign: 0 }), { lastCheckGrade: 2, signment: 1, workFlowList: list })).toBe('gray');
  });

  it('sends recipients only for transfer and copy, as a comma list', () => {
    const input = { formType: 1, formId: 7, content: 'ok', recipients: ['u1', 'u2'] };
    expect(actionPayload('4', input)).toMatchObject({ operates: 4, userNumbers: 'u1,u2', checkContent: 'ok' });
    expect(actionPayload('2', input)).toMatchObject({ operates: 2, userNumbers: '' });
    expect(actionPayload('-1', input)).toMatchObject({ operates: -1 });
    expect(actionPayload('3_1', input)).toMatchObject({ operates: '3_1', returnOrderNo: 1 });
  });
});
