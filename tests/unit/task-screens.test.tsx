// @vitest-environment jsdom
// The scheduled-task screens (spec part 3 §2.6, §4.5, §5, §8.3, §9; DESIGN §11): the pure rules (status and action
// names, durations, links, the payload that keeps a stored auth value), the cron preview under the Interval field
// (the next five firing times in a named time zone, across a daylight-saving change, or why an expression is refused)
// and the screens rendered in jsdom: the form (each required field its own message, the live preview, the auth value
// as a masked write-only input, Save disabled while saving, the server's refusal shown), the list (status names,
// Pause/Start/Delete with the warning, the list reloaded after each) and the run log (one task's, every task's). Their
// calls reach the real server in-process (fetch onto app.inject).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import { validateWith } from '@/app/components/crud/zod-validate';
import TaskForm from '@/app/features/task/task-form';
import TaskList from '@/app/features/task/task-list';
import TaskLogPage from '@/app/features/task/task-log';
import {
  actionKey,
  addTaskLink,
  cronPreview,
  cronProblem,
  editTaskLink,
  emptyTask,
  formatDuration,
  formatInZone,
  logStatus,
  statusKey,
  taskFormSchema,
  taskLogLink,
  taskPayload,
  taskValues,
} from '@/app/features/task/task-logic';
import { AUTH_VALUE_MASK, type TaskItem } from '@/shared/contracts/task';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

// The unsaved-changes guard registers its reload blocker with the service worker's update prompt (app build only).
vi.mock('@/app/components/shell/update-prompt', () => ({ registerReloadBlocker: () => () => {} }));

configure({ asyncUtilTimeout: 10_000 });
// The description's autosizing textarea listens to document.fonts, which jsdom lacks (a candidate for jsdom-shims).
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

describe('task names, links and formats', () => {
  it('names the statuses of §4.5 and anything else "not existing"', () => {
    expect([0, 1, 2, 3, 4, 5].map(statusKey)).toEqual(['task.status.0', 'task.status.1', 'task.status.2', 'task.status.3', 'task.status.4', 'task.status.5']);
    for (const other of [6, -1, 1.5, null, undefined]) expect(statusKey(other)).toBe('task.status.unknown');
    expect(i18n.getFixedT('en')(statusKey(9))).toBe('Not existing');
    expect(i18n.getFixedT('zh-TW')(statusKey(3))).toBe('異常');
  });

  it('names the run-log actions 1 to 7', () => {
    const en = i18n.getFixedT('en');
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => en(actionKey(n)))).toEqual(['Scheduled run', 'Run now', 'Pause', 'Start', 'Add', 'Update', 'Delete']);
    expect(en(actionKey(8), { type: 8 })).toBe('Other (8)');
  });

  it('reads run statuses: success, running, failed with its reason', () => {
    expect(logStatus('success')).toEqual({ key: 'task.logStatus.success' });
    expect(logStatus('running')).toEqual({ key: 'task.logStatus.running' });
    expect(logStatus('failed: owner disabled')).toEqual({ key: 'task.logStatus.failed', params: { reason: 'owner disabled' } });
    expect(logStatus('queued')).toEqual({ text: 'queued' });
  });

  it('shows durations in ms below a second, in seconds above', () => {
    expect(formatDuration(850)).toEqual({ key: 'task.ms', value: '850' });
    expect(formatDuration(12_345)).toEqual({ key: 'task.seconds', value: '12.3' });
    expect(formatDuration(null)).toBeNull();
  });

  it('links the form, the edit and the log', () => {
    expect(addTaskLink()).toBe('/AddTaskOptions');
    expect(editTaskLink(7)).toBe('/EditTaskOptions?id=7');
    expect(taskLogLink(7)).toBe('/ShowTaskLog?id=7');
    expect(taskLogLink()).toBe('/ShowTaskLog');
  });
});

describe('the auth value is write-only', () => {
  const stored: TaskItem = {
    id: 4,
    taskName: 'Daily',
    groupName: 'Reports',
    interval: '0 0 8 * * *',
    apiUrl: '/api/TaskWork/DailyReportTaskOptions',
    requestType: 'GET',
    authKey: 'X-Key',
    authValue: AUTH_VALUE_MASK,
    describe: '',
    status: 0,
    lastRunTime: null,
    nextRunTime: null,
    ownerNumber: 'admin',
    version: 3,
  };

  it('sends the mask back untouched on edit (the server keeps the stored value) and a typed value as typed', () => {
    const v = taskValues(stored);
    expect(v.authValue).toBe(AUTH_VALUE_MASK);
    expect(taskPayload(v, 'edit')).toMatchObject({ id: 4, authValue: AUTH_VALUE_MASK, version: 3 });
    expect(taskPayload({ ...v, authValue: 'new-secret' }, 'edit').authValue).toBe('new-secret');
    // An add has no stored value to keep.
    expect(taskPayload({ ...emptyTask, authValue: AUTH_VALUE_MASK }, 'add').authValue).toBe('');
    expect(taskPayload(emptyTask, 'add').version).toBeUndefined();
  });
});

describe('the form check', () => {
  const good = { id: 0, taskName: 'T', groupName: 'G', interval: '0 0 8 * * *', apiUrl: '/api/x', authKey: '', authValue: '', requestType: 'GET', describe: '' };

  it('gives each required field its own message (spec part 3 §5)', () => {
    expect(validateWith(taskFormSchema, { ...good, taskName: ' ', groupName: '', interval: '', apiUrl: '', requestType: '' })).toEqual({
      taskName: { key: 'task.validation.taskNameRequired' },
      groupName: { key: 'task.validation.groupNameRequired' },
      interval: { key: 'task.validation.intervalRequired' },
      apiUrl: { key: 'task.validation.apiUrlRequired' },
      requestType: { key: 'task.validation.requestTypeRequired' },
    });
    expect(validateWith(taskFormSchema, good)).toEqual({});
  });

  it("refuses an expression the shared cron rules refuse, with the server's message, and keeps the contract's limits", () => {
    expect(validateWith(taskFormSchema, { ...good, interval: '0 0 25 * * *' })).toEqual({ interval: { key: 'errors.taskOptionsAddError' } });
    expect(validateWith(taskFormSchema, { ...good, interval: '0 0 30 2 *' })).toEqual({ interval: { key: 'errors.taskOptionsAddError' } });
    expect(validateWith(taskFormSchema, { ...good, taskName: 'x'.repeat(101) })).toEqual({ taskName: { key: 'crud.validation.tooLong', params: { max: 100 } } });
    expect(validateWith(taskFormSchema, { ...good, requestType: 'PUT' })).toEqual({ requestType: { key: 'crud.validation.invalid' } });
  });
});

describe('the cron preview', () => {
  // 2026-03-27 12:00 UTC: a Friday, two days before Europe's clocks go forward (29 March, 02:00 -> 03:00).
  const from = new Date('2026-03-27T12:00:00Z');

  it('lists the next five firing times with the weekday, in the named time zone', () => {
    expect(cronPreview('0 0 8 * * *', from, { timeZone: 'Asia/Taipei' })).toEqual({
      kind: 'times',
      timeZone: 'Asia/Taipei',
      times: ['Sat 2026-03-28 08:00:00', 'Sun 2026-03-29 08:00:00', 'Mon 2026-03-30 08:00:00', 'Tue 2026-03-31 08:00:00', 'Wed 2026-04-01 08:00:00'],
    });
    // Five fields: minute first. Mondays 08:00, across a month end.
    expect(cronPreview('0 8 * * 1', from, { timeZone: 'Asia/Taipei' })).toMatchObject({
      times: ['Mon 2026-03-30 08:00:00', 'Mon 2026-04-06 08:00:00', 'Mon 2026-04-13 08:00:00', 'Mon 2026-04-20 08:00:00', 'Mon 2026-04-27 08:00:00'],
    });
    // The weekday in the user's language.
    expect(cronPreview('0 0 8 * * *', from, { timeZone: 'Asia/Taipei', locale: 'zh-TW', count: 1 })).toMatchObject({ times: ['週六 2026-03-28 08:00:00'] });
  });

  it('keeps the wall-clock time across a daylight-saving change, and skips the hour that does not exist', () => {
    const berlin = cronPreview('0 30 1 * * *', from, { timeZone: 'Europe/Berlin', count: 3 });
    expect(berlin).toMatchObject({ times: ['Sat 2026-03-28 01:30:00', 'Sun 2026-03-29 01:30:00', 'Mon 2026-03-30 01:30:00'] });
    // 02:30 does not exist on 29 March in Berlin: that day has no 02:30 firing.
    const gap = cronPreview('0 30 2 * * *', from, { timeZone: 'Europe/Berlin', count: 2 });
    expect(gap.kind).toBe('times');
    if (gap.kind === 'times') expect(gap.times).not.toContain('Sun 2026-03-29 02:30:00');
    expect(formatInZone(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('Sun 2026-03-29 03:30:00');
  });

  it('says why an expression is refused', () => {
    expect(cronPreview('   ', from)).toEqual({ kind: 'empty' });
    expect(cronPreview('0 0 8 * *  * *', from)).toEqual({ kind: 'invalid', problem: { key: 'task.cron.fieldCount', params: { count: 7 } } });
    expect(cronPreview('0 0 25 * * *', from)).toEqual({ kind: 'invalid', problem: { key: 'task.cron.badField', params: { field: 'hour', value: '25' } } });
    expect(cronProblem('61 8 * * 1')).toEqual({ key: 'task.cron.badField', params: { field: 'minute', value: '61' } });
    expect(cronProblem('0 0 8 * 13 *')).toEqual({ key: 'task.cron.badField', params: { field: 'month', value: '13' } });
    // Every field readable, but 30 February never comes.
    expect(cronProblem('0 0 30 2 *')).toEqual({ key: 'task.cron.neverFires' });
    expect(cronProblem('0 0 8 * * *')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// The form in jsdom, on the real server.

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
const realFetch = globalThis.fetch;
/** The bodies the screen posted, by path (lower case). */
const posted: { path: string; body: Record<string, unknown> }[] = [];
/** While set, saves wait for it: Save must stay disabled meanwhile. */
let gate: Promise<void> | null = null;

const onto = fetchOnto(
  () => server.app,
  (url, init) => {
    if (typeof init.body === 'string') posted.push({ path: url.pathname.toLowerCase(), body: JSON.parse(init.body) as Record<string, unknown> });
  },
);
const injectFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  if ((init.method ?? 'GET').toUpperCase() === 'POST' && gate) await gate;
  return onto(input, init);
};

beforeAll(async () => {
  server = await startServer();
  api = client(server.app);
  admin = await api.login('admin');
  setSession({ token: admin, id: 1, number: 'admin', name: 'admin', language: 'en', companyNumber: null, sideMenuList: [], buttons: [] });
  await i18n.loadLanguages('zh-TW');
  await i18n.changeLanguage('en');
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

afterEach(() => {
  cleanup();
  posted.length = 0;
  gate = null;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

function renderAt(entry: string, list = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/AddTaskOptions', element: <TaskForm /> },
      { path: '/EditTaskOptions', element: <TaskForm /> },
      { path: '/TaskOptions', element: list ? <TaskList /> : <div data-testid="task-list" /> },
      { path: '/ShowTaskLog', element: <TaskLogPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [entry] },
  );
  const wrap = (ui: ReactNode) => (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>
  );
  render(wrap(<RouterProvider router={router} />));
  return router;
}

const user = () => userEvent.setup({ delay: null });
const input = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
/** The error line of an input (Mantine links it with aria-describedby). */
const errorOf = (name: string) => {
  const el = input(name);
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
    .join(' ');
};

describe('the task form', () => {
  it('shows each required field its own message on Save, and sends nothing', async () => {
    const u = user();
    renderAt('/AddTaskOptions');
    await u.click(screen.getByTestId('save'));
    await waitFor(() => expect(errorOf('taskName')).toContain('Please enter the task name'));
    expect(errorOf('groupName')).toContain('Please enter the group name');
    expect(errorOf('interval')).toContain('Please enter the interval (cron expression)');
    expect(errorOf('apiUrl')).toContain('Please enter the API URL');
    expect(posted).toEqual([]);
  });

  it('previews the next five firing times as the interval is typed, or why it is refused', async () => {
    const u = user();
    renderAt('/AddTaskOptions');
    const preview = () => screen.getByTestId('cron-preview');
    expect(preview().textContent).toContain('five fields');
    await u.type(input('interval'), '0 0 8 * * *');
    await waitFor(() => expect(preview().getAttribute('data-state')).toBe('ok'));
    expect(within(preview()).getAllByRole('listitem')).toHaveLength(5);
    // In the zone the server names (ping), which the tasks fire in.
    await waitFor(() => expect(preview().textContent).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone));
    for (const item of within(preview()).getAllByRole('listitem')) expect(item.textContent).toMatch(/^\w{3} \d{4}-\d\d-\d\d 08:00:00$/);

    await u.clear(input('interval'));
    await u.type(input('interval'), '0 0 25 * * *');
    await waitFor(() => expect(preview().getAttribute('data-state')).toBe('invalid'));
    expect(preview().textContent).toBe('Not valid: the hour field "25" cannot be read or is out of range.');
    // Saving such an expression is refused on the spot, with the catalogue's text.
    await u.click(screen.getByTestId('save'));
    await waitFor(() => expect(errorOf('interval')).toContain('Interval (cron) expression error!'));
    await u.clear(input('interval'));
    await u.type(input('interval'), '0 0 30 2 *');
    await waitFor(() => expect(preview().textContent).toContain('it never fires'));
  }, 30_000);

  it('takes the auth value in a password input that no password manager fills', () => {
    renderAt('/AddTaskOptions');
    expect(input('authValue').type).toBe('password');
    expect(input('authValue').autocomplete).toBe('new-password');
    expect(input('authValue').value).toBe('');
  });

  it('adds a task (Save disabled while saving), refuses a second one with the same name and group', async () => {
    const u = user();
    const router = renderAt('/AddTaskOptions');
    await u.type(input('taskName'), 'Nightly export');
    await u.type(input('groupName'), 'Unit tests');
    await u.type(input('interval'), '0 0 2 * * *');
    await u.type(input('apiUrl'), '/api/TaskWork/DailyReportTaskOptions');
    await u.type(input('authValue'), 's3cret');
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    await u.click(screen.getByTestId('save'));
    await waitFor(() => expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(true));
    open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/TaskOptions'));
    expect(posted.at(-1)).toMatchObject({ path: '/api/taskoptions/addtaskoptions', body: { taskName: 'Nightly export', authValue: 's3cret', requestType: 'GET' } });

    cleanup();
    renderAt('/AddTaskOptions');
    await u.type(input('taskName'), 'Nightly export');
    await u.type(input('groupName'), 'Unit tests');
    await u.type(input('interval'), '0 0 3 * * *');
    await u.type(input('apiUrl'), '/api/TaskWork/DailyReportTaskOptions');
    await u.click(screen.getByTestId('save'));
    expect(await screen.findByText('Task already exists!')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('save') as HTMLButtonElement).disabled).toBe(false));
  }, 30_000);

  it('on edit shows the mask for a stored auth value and keeps it unless it is typed over', async () => {
    const added = await api.post(
      '/api/TaskOptions/AddTaskOptions',
      { id: 0, taskName: 'Keeps its key', groupName: 'Unit tests', interval: '0 0 4 * * *', apiUrl: '/api/TaskWork/ReportTaskOptions', authKey: 'X-Key', authValue: 'kept-secret', requestType: 'POST' },
      admin,
    );
    expect(added.code, added.msg).toBe(1);
    const id = (added.data as TaskItem).id;
    // The reply never carries the value itself.
    expect(JSON.stringify(added.data)).not.toContain('kept-secret');

    const u = user();
    const router = renderAt(`/EditTaskOptions?id=${id}`);
    await waitFor(() => expect(input('taskName').value).toBe('Keeps its key'));
    expect(input('authValue').type).toBe('password');
    expect(input('authValue').value).toBe(AUTH_VALUE_MASK);
    expect(document.body.textContent).not.toContain('kept-secret');
    // The preview of the stored expression is there at once.
    expect(screen.getByTestId('cron-preview').getAttribute('data-state')).toBe('ok');
    await u.clear(input('describe'));
    await u.type(input('describe'), 'edited');
    await u.click(screen.getByTestId('save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/TaskOptions'));
    expect(posted.at(-1)).toMatchObject({ path: '/api/taskoptions/update', body: { id, authValue: AUTH_VALUE_MASK, describe: 'edited' } });

    cleanup();
    const again = renderAt(`/EditTaskOptions?id=${id}`);
    await waitFor(() => expect(input('describe').value).toBe('edited'));
    // Still stored: the edit that left the mask kept it.
    expect(input('authValue').value).toBe(AUTH_VALUE_MASK);
    await u.clear(input('authValue'));
    await u.type(input('authValue'), 'replaced');
    await u.click(screen.getByTestId('save'));
    await waitFor(() => expect(again.state.location.pathname).toBe('/TaskOptions'));
    expect(posted.at(-1)).toMatchObject({ path: '/api/taskoptions/update', body: { id, authValue: 'replaced' } });
  }, 30_000);
});

const rows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.mantine-datatable-row')];
const rowWith = (text: string) => rows().find((r) => r.textContent?.includes(text));
async function findRow(text: string) {
  let row: HTMLTableRowElement | undefined;
  await waitFor(() => expect((row = rowWith(text)), `row with ${text}`).toBeTruthy());
  return row!;
}

describe('the task list and the run log', () => {
  it('names the statuses, pauses and starts (the list reloads after each), deletes after the warning', async () => {
    const added = await api.post(
      '/api/TaskOptions/AddTaskOptions',
      { id: 0, taskName: 'List actions', groupName: 'Unit tests', interval: '0 0 5 * * *', apiUrl: '/api/TaskWork/ReportTaskOptions', requestType: 'GET' },
      admin,
    );
    expect(added.code, added.msg).toBe(1);
    const u = user();
    const router = renderAt('/TaskOptions', true);
    let row = await findRow('List actions');
    expect(row.textContent).toContain('Normal');
    expect(row.textContent).toContain('0 0 5 * * *');
    // Normal: no Start; Pause, and every other action.
    expect(within(row).queryByTestId('row-start')).toBeNull();
    for (const key of ['log', 'edit', 'pause', 'run', 'delete']) expect(within(row).getByTestId(`row-${key}`)).toBeTruthy();
    // Default page size 50, asked of the server.
    expect(screen.getByTestId('pager').textContent).toContain('50');

    await u.click(within(row).getByTestId('row-pause'));
    await waitFor(() => expect(rowWith('List actions')?.textContent).toContain('Paused'));
    row = (await findRow('List actions'))!;
    expect(within(row).queryByTestId('row-pause')).toBeNull();
    await u.click(within(row).getByTestId('row-start'));
    await waitFor(() => expect(rowWith('List actions')?.textContent).toContain('Normal'));

    // Delete: the warning first; Cancel keeps the task, Confirm removes it and says so.
    await u.click(within(await findRow('List actions')).getByTestId('row-delete'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('Delete the task "List actions"?');
    await u.click(screen.getByTestId('confirm-cancel'));
    expect(rowWith('List actions')).toBeTruthy();
    await u.click(within(await findRow('List actions')).getByTestId('row-delete'));
    await u.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    await waitFor(() => expect(rowWith('List actions')).toBeUndefined());
    expect(posted.map((p) => p.path)).toEqual(['/api/taskoptions/pause', '/api/taskoptions/start', '/api/taskoptions/delete']);

    // Log goes to that task's run log page.
    const other = await findRow('Daily report mail');
    await u.click(within(other).getByTestId('row-log'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ShowTaskLog'));
    expect(router.state.location.search).toMatch(/^\?id=\d+$/);
  }, 30_000);

  it('pages the run log of one task, naming the actions, and of every task without an id', async () => {
    const added = await api.post(
      '/api/TaskOptions/AddTaskOptions',
      { id: 0, taskName: 'Logged', groupName: 'Unit tests', interval: '0 0 6 * * *', apiUrl: '/api/TaskWork/ReportTaskOptions', requestType: 'GET' },
      admin,
    );
    expect(added.code, added.msg).toBe(1);
    const id = (added.data as TaskItem).id;
    expect((await api.post('/api/TaskOptions/Pause', { id }, admin)).code).toBe(1);
    expect((await api.post('/api/TaskOptions/Start', { id }, admin)).code).toBe(1);

    renderAt(`/ShowTaskLog?id=${id}`);
    await waitFor(() => expect(rows().length).toBe(3));
    expect(screen.getByTestId('task-log-title').textContent).toBe('Run log: Logged');
    expect(rows().map((r) => r.cells[1]?.textContent)).toEqual(['Start', 'Pause', 'Add']);
    expect(rows().every((r) => r.textContent?.includes('Success'))).toBe(true);
    expect(screen.getByTestId('pager-total').textContent).toBe('Total 3');
    cleanup();

    renderAt('/ShowTaskLog');
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(3));
    expect(screen.getByTestId('task-log-title').textContent).toBe('Run log of all tasks');
    // Every task's log names the task per row.
    expect(rows().some((r) => r.textContent?.includes('Logged'))).toBe(true);
  }, 30_000);
});
