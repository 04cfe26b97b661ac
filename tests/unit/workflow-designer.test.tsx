// @vitest-environment jsdom
// The approval flow designer (/WorkFlowFlows, spec part 3 §2.3, §4.2–4.3, §5) rendered in jsdom inside the app's
// providers and a router, against the real server in-process (fetch goes to app.inject): adding an approver, choosing
// its people in the drawer through the user picker and submitting sends setflow with the flat node and rule lists,
// which the server stores; an empty flow and an approver without people are refused on the screen with the
// translated messages, without a call; condition containers grow and shrink by their branches.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import FlowDesigner from '@/app/features/workflow/flow-designer';
import TemplateList from '@/app/features/workflow/template-list';
import type { FlowData } from '@/shared/contracts/workflow';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

// The service worker's update prompt (virtual:pwa-register exists only in the app build): the unsaved-changes guard
// registers its reload blocker with it; nothing to update in jsdom.
vi.mock('@/app/components/shell/update-prompt', () => ({ registerReloadBlocker: () => () => {} }));

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
const realFetch = globalThis.fetch;
/** The calls the screen made: path (lower case), query and body. */
const sent: { path: string; query: string; body: unknown }[] = [];

/** fetch onto the in-process server, noting each call. */
const injectFetch = fetchOnto(
  () => server.app,
  (url, init) => {
    const payload = typeof init.body === 'string' ? init.body : undefined;
    sent.push({ path: url.pathname.toLowerCase(), query: url.search, body: payload ? (JSON.parse(payload) as unknown) : undefined });
  },
);

async function newTemplate(name: string): Promise<number> {
  const r = await api.post('/api/workflow/addoredittemplate', { id: 0, formType: 1, templateName: name, sort: 5 }, admin);
  expect(r.code, r.msg).toBe(1);
  return (r.data as { id: number }).id;
}

async function storedFlow(id: number) {
  const r = await api.get('/api/workflow/getflowbytemplateid', { templateId: id }, admin);
  expect(r.code, r.msg).toBe(1);
  return r.data as FlowData & { version: number };
}

beforeAll(async () => {
  server = await startServer();
  api = client(server.app);
  admin = await api.login('admin');
  setSession({ token: admin, id: 1, number: 'admin', name: 'admin', language: 'en', companyNumber: null, sideMenuList: [], buttons: [] });
  await i18n.changeLanguage('en');
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

afterEach(() => {
  cleanup();
  sent.length = 0;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

function renderAt(entry: string, list: ReactNode = <div data-testid="template-list" />) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/WorkFlowFlows', element: <FlowDesigner /> },
      { path: '/WorkFlowTemplateList', element: list },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [entry] },
  );
  const wrap = (ui: ReactNode) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>
  );
  render(wrap(<RouterProvider router={router} />));
  return router;
}
const renderDesigner = (templateId: number) => renderAt(`/WorkFlowFlows?id=${templateId}`);

const user = () => userEvent.setup({ delay: null });
type User = ReturnType<typeof user>;

/** An element's text ('' when missing). */
const text = (el: Element | null | undefined) => el?.textContent ?? '';
const node = (code: string) => screen.getAllByTestId('flow-node').find((n) => n.dataset.code === code);
const codes = () => screen.getAllByTestId('flow-node').map((n) => n.dataset.code);
const byCode = (testId: string, code: string) => {
  const el = screen.getAllByTestId(testId).find((n) => n.dataset.code === code);
  expect(el, `${testId} ${code}`).toBeTruthy();
  return el as HTMLElement;
};

async function add(u: User, after: string, kind: 'approver' | 'branch' | 'cc') {
  await u.click(byCode('flow-add', after));
  await u.click(await screen.findByTestId(`flow-add-${kind}`));
}

async function chooseOption(u: User, input: HTMLElement, name: string | RegExp) {
  await u.click(input);
  await u.click(await screen.findByRole('option', { name }));
}

describe('the flow designer', { timeout: 60_000 }, () => {
  it('starts a template without a flow with the fixed applicant node and the end; C-1 has no delete and opens no drawer', async () => {
    const id = await newTemplate('Designer start');
    const u = user();
    renderDesigner(id);
    await waitFor(() => expect(codes()).toEqual(['C-1']));
    const root = node('C-1') as HTMLElement;
    expect(text(root)).toContain('Applicant');
    expect(within(root).queryByTestId('flow-delete')).toBeNull();
    expect(text(screen.getByTestId('flow-end'))).toContain('End');
    await u.click(within(root).getByTestId('flow-open'));
    expect(screen.queryByTestId('flow-drawer-body')).toBeNull();
  });

  it('add approver → drawer → choose people with the user picker → Submit sends the flat flow, stored as a new version', async () => {
    const id = await newTemplate('Designer approver');
    const u = user();
    const router = renderDesigner(id);
    await waitFor(() => expect(codes()).toEqual(['C-1']));

    await add(u, 'C-1', 'approver');
    await waitFor(() => expect(codes()).toEqual(['C-1', 'C-1-1']));
    expect(text(node('C-1-1'))).toContain('Approver');

    await u.click(within(node('C-1-1') as HTMLElement).getByTestId('flow-open'));
    const drawer = await screen.findByTestId('flow-drawer-body');
    expect(drawer.dataset.code).toBe('C-1-1');
    expect(screen.getByTestId('flow-drawer').contains(drawer)).toBe(true);
    await chooseOption(u, within(drawer).getByTestId('flow-rule-type'), 'Chosen people');

    // The user picker: the first user of the list.
    await u.click(within(drawer).getByTestId('tag-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose people' });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox', { name: /^Select record/ }).length).toBeGreaterThan(0));
    const headers = [...dialog.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const firstRow = dialog.querySelector<HTMLTableRowElement>('tbody tr.mantine-datatable-row') as HTMLTableRowElement;
    const number = firstRow.cells[headers.indexOf('Number')]?.textContent?.trim() ?? '';
    const name = firstRow.cells[headers.indexOf('Name')]?.textContent?.trim() ?? '';
    expect(number).not.toBe('');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Select record 1' }));
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(text(within(drawer).getByTestId('tag-input'))).toContain(name));
    await u.click(within(drawer).getByTestId('flow-drawer-done'));
    await waitFor(() => expect(screen.queryByTestId('flow-drawer-body')).toBeNull());
    expect(text(node('C-1-1'))).toContain(name);

    await u.click(screen.getByTestId('flow-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/WorkFlowTemplateList'));

    const call = sent.find((s) => s.path === '/api/workflow/setflow');
    expect(call?.body).toEqual({
      id,
      workFlowList: [
        { code: 'C-1', type: 1, title: 'workflow.node.applicant', parentCode: '', drawer: false },
        { code: 'C-1-1', type: 1, title: 'workflow.node.approver', parentCode: 'C-1', drawer: false },
      ],
      whereList: [
        expect.objectContaining({ parentCode: 'C-1', whereType: 1 }),
        expect.objectContaining({ parentCode: 'C-1-1', whereType: 2, whereUsers: number, whereIsAddUser: false }),
      ],
    });
    const stored = await storedFlow(id);
    expect(stored.version).toBe(1);
    expect(stored.workFlowList.map((n) => [n.code, n.type, n.parentCode])).toEqual([
      ['C-1', 1, ''],
      ['C-1-1', 1, 'C-1'],
    ]);
    expect(stored.whereList.find((r) => r.parentCode === 'C-1-1')).toMatchObject({ whereType: 2, whereUsers: number });
  });

  it('refuses on the screen, translated and without a call: an empty flow, then an approver without people', async () => {
    const id = await newTemplate('Designer refusals');
    const u = user();
    renderDesigner(id);
    await waitFor(() => expect(codes()).toEqual(['C-1']));
    await u.click(screen.getByTestId('flow-submit'));
    expect(text(await screen.findByTestId('flow-errors'))).toContain(i18n.t('errors.msgSetFolwAddBranch'));

    await add(u, 'C-1', 'approver');
    await u.click(within(node('C-1-1') as HTMLElement).getByTestId('flow-open'));
    const drawer = await screen.findByTestId('flow-drawer-body');
    await chooseOption(u, within(drawer).getByTestId('flow-rule-type'), 'Chosen people');
    await u.click(within(drawer).getByTestId('flow-drawer-done'));
    await u.click(screen.getByTestId('flow-submit'));
    await waitFor(() => expect(text(screen.getByTestId('flow-errors'))).toContain(i18n.t('errors.msgSelectPersonnel')));
    expect(node('C-1-1')?.dataset.problem).toBe('true');
    expect(sent.filter((s) => s.path === '/api/workflow/setflow')).toEqual([]);
    expect((await storedFlow(id)).version).toBe(0);
  });

  it('a condition branch: two branches and a merge, Add condition adds a third, conditions in the drawer, deleting down to one branch removes the container', async () => {
    const id = await newTemplate('Designer branches');
    const u = user();
    renderDesigner(id);
    await waitFor(() => expect(codes()).toEqual(['C-1']));
    await add(u, 'C-1', 'cc');
    await add(u, 'C-1', 'branch');
    // The container goes between C-1 and the CC node, which now follows the merge (C-1-1-3).
    await waitFor(() => expect(codes()).toEqual(['C-1', 'C-1-1', 'C-1-1-1', 'C-1-1-2', 'C-1-1-3-1']));
    await u.click(byCode('flow-add-condition', 'C-1-1'));
    await waitFor(() => expect(codes()).toEqual(['C-1', 'C-1-1', 'C-1-1-1', 'C-1-1-2', 'C-1-1-3', 'C-1-1-4-1']));

    // A condition on the first branch: department is ...
    await u.click(within(node('C-1-1-1') as HTMLElement).getByTestId('flow-open'));
    const drawer = await screen.findByTestId('flow-drawer-body');
    expect(within(drawer).queryByTestId('flow-rule')).toBeNull();
    await u.click(within(drawer).getByTestId('flow-drawer-add-rule'));
    const rule = await within(drawer).findByTestId('flow-rule');
    await chooseOption(u, within(rule).getByTestId('flow-rule-type'), 'Company is');
    await chooseOption(u, within(rule).getByTestId('flow-rule-companys'), /\(TW\)/);
    await u.click(within(drawer).getByTestId('flow-drawer-done'));
    await waitFor(() => expect(text(node('C-1-1-1'))).toContain('Company is'));

    await u.click(byCode('flow-delete', 'C-1-1-3'));
    await waitFor(() => expect(codes()).toEqual(['C-1', 'C-1-1', 'C-1-1-1', 'C-1-1-2', 'C-1-1-3-1']));
    await u.click(byCode('flow-delete', 'C-1-1-2'));
    await waitFor(() => expect(codes()).toEqual(['C-1', 'C-1-1']));
    expect(node('C-1-1')?.dataset.type).toBe('5');
  });
});

describe('the template list', { timeout: 60_000 }, () => {
  const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name));

  it('asks 50 a page of enabled templates, shows the form type translated, disables only after a confirmation; Set flows opens the designer', async () => {
    const id = await newTemplate('List switch and delete');
    const u = user();
    const router = renderAt('/WorkFlowTemplateList', <TemplateList />);
    await waitFor(() => expect(rowOf('List switch and delete')).toBeTruthy());
    const page = sent.find((s) => s.path === '/api/workflow/gettemplatepage');
    expect(new URLSearchParams(page?.query).get('pageSize')).toBe('50');
    expect(new URLSearchParams(page?.query).get('isDisabled')).toBe('false');
    const row = rowOf('List switch and delete') as HTMLElement;
    expect(text(row)).toContain('Sales target release');

    // Cancel: no call, the switch stays off.
    const sw = within(row).getByTestId('disable-switch');
    await u.click(sw);
    await u.click(await screen.findByTestId('confirm-cancel'));
    expect(sent.filter((s) => s.path === '/api/workflow/disabledtemplate')).toEqual([]);
    expect(sw.getAttribute('data-checked')).toBe('false');
    // Confirm: sent with the inverse, flipped on success.
    await u.click(sw);
    await u.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sw.getAttribute('data-checked')).toBe('true'));
    expect(sent.find((s) => s.path === '/api/workflow/disabledtemplate')?.body).toEqual({ id, isDisabled: true });
    const stored = await api.get('/api/workflow/gettemplatebyid', { id }, admin);
    expect((stored.data as { isDisabled: boolean }).isDisabled).toBe(true);

    // Set flows goes to the designer of the row.
    await u.click(within(row).getByTestId('row-flows'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(`/WorkFlowFlows?id=${id}`));
  });

  it('deletes a template only after a confirmation and reloads without it', async () => {
    const id = await newTemplate('List delete');
    const u = user();
    renderAt('/WorkFlowTemplateList', <TemplateList />);
    await waitFor(() => expect(rowOf('List delete')).toBeTruthy());
    await u.click(within(rowOf('List delete') as HTMLElement).getByTestId('row-delete'));
    await u.click(await screen.findByTestId('confirm-cancel'));
    expect(sent.filter((s) => s.path === '/api/workflow/deltemplate')).toEqual([]);
    await u.click(within(rowOf('List delete') as HTMLElement).getByTestId('row-delete'));
    await u.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(rowOf('List delete')).toBeUndefined());
    expect(sent.find((s) => s.path === '/api/workflow/deltemplate')?.body).toEqual({ id });
    expect((await api.get('/api/workflow/gettemplatebyid', { id }, admin)).code).not.toBe(1);
  });
});
