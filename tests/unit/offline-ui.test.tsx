// @vitest-environment jsdom
// The offline module as the screens use it (DESIGN §6), in jsdom on fake-indexeddb: saveEntry and the app's engine
// against the real server in-process (fetch goes to app.inject), the conflict dialog settling an add that met an
// existing target, the autosaved draft offered on reopen, the outbox screen and the top bar's counts.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, configure, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import { offlineDb } from '@/app/offline/db';
import { saveEntry } from '@/app/offline/save';
import { appEngine } from '@/app/offline/app-sync';
import { ConflictDialog } from '@/app/offline/conflict-dialog';
import { DraftNotice, useDraft } from '@/app/offline/drafts';
import { enqueueEntry } from '@/app/offline/outbox';
import { SyncStatus } from '@/app/offline/sync-status';
import OutboxPage from '@/app/offline/outbox-page';
import type { SalesTargetFormInput } from '@/shared/contracts/sales-target';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let api: ReturnType<typeof client>;
let tw: string;
const realFetch = globalThis.fetch;
/** Idempotency-Key headers of the writes that reached the server. */
const keys: string[] = [];

/** fetch onto the in-process server, noting the Idempotency-Key of each write. */
const injectFetch = fetchOnto(
  () => server.app,
  (_url, init) => {
    const key = new Headers(init.headers).get('idempotency-key');
    if (key) keys.push(key);
  },
);

const target = (month: number, corporate: number, offline: number): SalesTargetFormInput => ({
  id: 0,
  year: 2041,
  month,
  rule: 2,
  country: 'TW',
  oihTargetAmount: 0,
  oihCorporateAmount: 0,
  brandCollaboration: 0,
  webSales: 0,
  headOffice: 0,
  salesTargetDetailEntities: [{ id: 0, date: '03', productId: null, targetQuantity: 0, targetAmount: 0, corporatAmount: corporate, offlineAmount: offline }],
});

beforeAll(async () => {
  server = await startServer();
  api = client(server.app);
  tw = await api.login('tw.sales');
  setSession({ token: tw, id: 0, number: 'tw.sales', name: 'Tina Huang', language: 'en', companyNumber: 'TW', sideMenuList: [], buttons: [] });
  await i18n.changeLanguage('en');
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

afterEach(async () => {
  cleanup();
  await offlineDb().outbox.clear();
  await offlineDb().drafts.clear();
});

afterAll(async () => {
  appEngine().stop();
  globalThis.fetch = realFetch;
  await server?.close();
});

/** The screen inside Mantine (test env: no transitions, no portals) and a router (dialogs navigate). */
function renderAt(ui: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('saveEntry with the app’s engine and the real server', { timeout: 30_000 }, () => {
  it('online: synced with the stored id and version, sent with the entry’s Idempotency-Key', async () => {
    const out = await saveEntry('salesTarget', 'add', target(1, 100, 50), { label: 'TW 2041-01 amount' });
    expect(out.status).toBe('synced');
    if (out.status !== 'synced') return;
    expect(keys).toContain(out.entryId);
    const stored = await api.get('/api/salestarget/getsalestargetbyid', { id: out.id }, tw);
    expect([stored.code, stored.data.version, stored.data.totalAmount]).toEqual([1, out.version, 150]);
  });

  it('an add meeting an existing target is a conflict; "Overwrite with mine" (confirmed) makes it an edit that syncs', async () => {
    const existing = await api.post('/api/salestarget/addoreditsalestarget', target(2, 10, 5), tw);
    expect(existing.code, existing.msg).toBe(1);
    const out = await saveEntry('salesTarget', 'add', target(2, 300, 200), { label: 'TW 2041-02 amount' });
    expect(out.status).toBe('conflict');

    let closed = '';
    renderAt(<ConflictDialog entryId={out.entryId} onClose={(r) => (closed = r)} />);
    const dialog = await screen.findByTestId('conflict-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('conflict-server-amount')?.textContent).toContain('15.00'));
    expect(within(dialog).getByTestId('conflict-device-amount')?.textContent).toContain('500.00');
    expect(within(dialog).getByTestId('conflict-server-version')?.textContent).toContain(String(existing.data.version));

    const user = userEvent.setup();
    await user.click(within(dialog).getByTestId('conflict-overwrite'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(closed).toBe('overwritten'));
    await waitFor(async () => expect((await offlineDb().outbox.get(out.entryId))?.status).toBe('synced'));
    const after = await api.get('/api/salestarget/getsalestargetbyid', { id: existing.data.id }, tw);
    expect([after.data.totalAmount, after.data.version]).toEqual([500, existing.data.version + 1]);
    const list = await api.get('/api/salestarget/getsalestargetpage', { year: 2041, month: 2, country: 'TW', rule: 2 }, tw);
    expect(list.data.count).toBe(1);
  });

  it('"Discard mine" (confirmed) deletes the entry; "Open the server’s record" goes to its edit screen', async () => {
    const existing = await api.post('/api/salestarget/addoreditsalestarget', target(3, 10, 5), tw);
    const a = await saveEntry('salesTarget', 'add', target(3, 1, 1), { label: 'a' });
    expect(a.status).toBe('conflict');
    let closed = '';
    const router = renderAt(<ConflictDialog entryId={a.entryId} onClose={(r) => (closed = r)} />);
    const user = userEvent.setup();
    await waitFor(() => expect((screen.getByTestId('conflict-open') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('conflict-open'));
    expect(closed).toBe('opened');
    expect(router.state.location.pathname + router.state.location.search).toBe(`/SalesTargetEdit?id=${existing.data.id}&operate=edit&readonly=false`);
    expect(await offlineDb().outbox.get(a.entryId)).toBeTruthy();
    cleanup();

    renderAt(<ConflictDialog entryId={a.entryId} onClose={(r) => (closed = r)} />);
    await user.click(await screen.findByTestId('conflict-discard'));
    await user.click(await screen.findByTestId('confirm-cancel'));
    expect(await offlineDb().outbox.get(a.entryId)).toBeTruthy();
    await user.click(screen.getByTestId('conflict-discard'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(closed).toBe('discarded'));
    expect(await offlineDb().outbox.get(a.entryId)).toBeUndefined();
  });
});

describe('drafts', { timeout: 30_000 }, () => {
  it('autosaves the form’s values (debounced), offers them once on reopen, restores or discards', async () => {
    const hook = renderHook(({ v, dirty }) => useDraft('salesTarget:add:new', v, { enabled: true, dirty }), {
      initialProps: { v: { amount: 1 }, dirty: false },
    });
    // Unchanged values are not saved.
    await new Promise((r) => setTimeout(r, 400));
    expect(await offlineDb().drafts.count()).toBe(0);
    hook.rerender({ v: { amount: 2 }, dirty: true });
    hook.rerender({ v: { amount: 3 }, dirty: true });
    await waitFor(async () => expect((await offlineDb().drafts.get(['tw.sales', 'salesTarget:add:new']))?.values).toEqual({ amount: 3 }));
    hook.unmount();

    // Reopened: offered; while offered nothing overwrites it.
    const again = renderHook(({ v }) => useDraft('salesTarget:add:new', v, { enabled: true, dirty: true }), { initialProps: { v: { amount: 0 } } });
    await waitFor(() => expect(again.result.current.draft?.values).toEqual({ amount: 3 }));
    again.rerender({ v: { amount: 9 } });
    await new Promise((r) => setTimeout(r, 400));
    expect((await offlineDb().drafts.get(['tw.sales', 'salesTarget:add:new']))?.values).toEqual({ amount: 3 });
    let restored: unknown = null;
    act(() => {
      restored = again.result.current.restore();
    });
    expect(restored).toEqual({ amount: 3 });
    expect(again.result.current.draft).toBeNull();
    again.unmount();

    // Another account on the same tablet is offered nothing.
    setSession({ token: 'other', id: 0, number: 'hk.sales', name: 'x', language: 'en', companyNumber: 'HK', sideMenuList: [], buttons: [] });
    const other = renderHook(() => useDraft('salesTarget:add:new', { amount: 0 }, { enabled: true, dirty: false }));
    await new Promise((r) => setTimeout(r, 100));
    expect(other.result.current.draft).toBeNull();
    other.unmount();
    setSession({ token: tw, id: 0, number: 'tw.sales', name: 'Tina Huang', language: 'en', companyNumber: 'TW', sideMenuList: [], buttons: [] });

    // <DraftNotice>: Discard drops the stored draft.
    function Form() {
      const handle = useDraft('salesTarget:add:new', { amount: 0 }, { enabled: true, dirty: false });
      return <DraftNotice handle={handle} onRestore={() => undefined} />;
    }
    renderAt(<Form />);
    await screen.findByTestId('draft-notice');
    await userEvent.setup().click(screen.getByTestId('draft-discard'));
    await waitFor(() => expect(screen.queryByTestId('draft-notice')).toBeNull());
    await waitFor(async () => expect(await offlineDb().drafts.count()).toBe(0));
  });
});

describe('the outbox screen and the top bar', { timeout: 30_000 }, () => {
  it('lists the account’s entries with their messages, counts other accounts’ entries, discards after a confirm', async () => {
    const db = offlineDb();
    const mk = (account: string, month: number, label: string) =>
      enqueueEntry(db, { account, kind: 'salesTarget', op: 'add', payload: { ...target(month, 1, 1), country: account === 'hk.sales' ? 'HK' : 'TW' }, label });
    const waiting = await mk('tw.sales', 5, 'TW waiting');
    const failed = await mk('tw.sales', 6, 'TW failed');
    const conflict = await mk('tw.sales', 7, 'TW conflict');
    await mk('hk.sales', 5, 'HK one');
    await mk('hk.sales', 6, 'HK two');
    await db.outbox.update(failed.id, { status: 'failed', error: 'validationError', errorData: [{ field: 'country', message: 'required' }] });
    await db.outbox.update(conflict.id, { status: 'conflict', error: 'conflictExists', conflict: { reason: 'exists', serverId: null, serverVersion: null } });
    // Nothing goes to the server from this screen's test: the waiting entry stays waiting.
    await db.outbox.update(waiting.id, { nextAttemptAt: Date.now() + 3_600_000, failures: 9 });
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: async () => ({ usage: 85, quota: 100 }), persist: async () => true } });

    renderAt(
      <>
        <SyncStatus />
        <OutboxPage />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(3));
    expect(screen.getAllByTestId('outbox-row').map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'failed', 'conflict']);
    expect(screen.getByText('TW failed').closest('tr')?.textContent).toContain('country: ');
    expect((await screen.findByTestId('outbox-other-account')).textContent).toContain('2 entries of hk.sales wait for that account to sign in.');
    expect(screen.queryByText('HK one')).toBeNull();
    expect(await screen.findByTestId('outbox-storage-warning')).toBeTruthy();
    expect((await screen.findByTestId('sync-pending')).textContent).toContain('1');
    expect(screen.getByTestId('sync-failed')?.textContent).toContain('1');
    expect(screen.getByTestId('sync-conflict')?.textContent).toContain('1');

    const user = userEvent.setup();
    const failedRow = screen.getByText('TW failed').closest('tr')!;
    await user.click(within(failedRow as HTMLElement).getByTestId('outbox-discard'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('sync-failed')).toBeNull());
    expect(await db.outbox.get(failed.id)).toBeUndefined();
  });
});
