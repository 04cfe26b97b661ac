// @vitest-environment jsdom
// The shared picker components (spec part 3 §2.9; page sizes part 2 §9) rendered in jsdom inside the app's providers.
// Their data calls reach the real server in-process: fetch is replaced by a transport onto app.inject, so the server
// code answers every lookup and page exactly as it does over HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import { UserSelectDialog } from '@/app/components/pickers/user-select-dialog';
import { ProductPicker } from '@/app/components/pickers/product-picker';
import { ModelPicker } from '@/app/components/pickers/model-picker';
import { TagInput, type Tag } from '@/app/components/pickers/tag-input';
import type { UserItem } from '@/shared/contracts/user';
import type { ProductItem } from '@/shared/contracts/product';
import type { ProductModLookupItem } from '@/shared/contracts/product-mod';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

// The server answers within a few hundred ms in-process; the default 1 s wait is too tight on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let api: ReturnType<typeof client>;
let admin: string;
const realFetch = globalThis.fetch;

/** fetch onto the in-process server. */
const injectFetch = fetchOnto(() => server.app);

/** Marketing users added in TW, so the user list has more than one page of 10. */
const EXTRA_USERS = ['Mia Lee', 'Noah Wu', 'Ella Kao', 'Leo Hsu'];

beforeAll(async () => {
  server = await startServer();
  api = client(server.app);
  admin = await api.login('admin');
  // Signed in the way the app keeps it: the HTTP client reads the token from this session.
  setSession({ token: admin, id: 1, number: 'admin', name: 'admin', language: 'en', companyNumber: null, sideMenuList: [], buttons: [] });
  await i18n.changeLanguage('en');
  for (const [i, name] of EXTRA_USERS.entries()) {
    const r = await api.post(
      '/api/user/addoredituser',
      { id: 0, companyNumber: 'TW', departmentNumber: 'TW-MKT', name, account: `tw.mkt${i}`, password: 'Sales1234', language: 'en', email: `mkt${i}@example.com` },
      admin,
    );
    expect(r.code, r.msg).toBe(1);
  }
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

// No vitest globals, so Testing Library cannot unmount on its own.
afterEach(cleanup);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

function renderApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // env="test": Mantine without transitions and portals, so dialogs and dropdowns render at once and in place.
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Holds a picker's opened state, as a screen does; "Open picker" opens it. */
function Opener({ children }: { children: (opened: boolean, close: () => void) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open picker
      </button>
      {children(opened, () => setOpened(false))}
    </>
  );
}

// No pause between simulated keystrokes: the waits are on the server's answers, not on typing.
const user = () => userEvent.setup({ delay: null });
type User = ReturnType<typeof user>;

async function open(u: User, title: string) {
  await u.click(screen.getByRole('button', { name: 'Open picker' }));
  return screen.findByRole('dialog', { name: title });
}

const headers = (d: HTMLElement) => [...d.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
const rows = (d: HTMLElement) => [...d.querySelectorAll<HTMLTableRowElement>('tbody tr.mantine-datatable-row')];
/** The texts of one column, by its header. */
function column(d: HTMLElement, title: string): string[] {
  const i = headers(d).indexOf(title);
  expect(i, `column ${title} in ${headers(d).join('|')}`).toBeGreaterThanOrEqual(0);
  return rows(d).map((r) => r.cells[i]?.textContent?.trim() ?? '');
}
const total = (d: HTMLElement) => within(d).queryByTestId('pager-total')?.textContent ?? '';
const checked = (d: HTMLElement) => within(d).queryAllByRole('checkbox', { name: /^Select record/, checked: true });

/** Picks an option of a remote filter (a searchable select whose options come from the server). */
async function choose(u: User, d: HTMLElement, filter: string, option: RegExp) {
  await u.click(within(d).getByTestId(`filter-${filter}`));
  await u.click(await within(d).findByRole('option', { name: option }));
}

/** Empties a clearable select filter with its clear button. */
async function clearSelect(u: User, d: HTMLElement, filter: string) {
  const input = within(d).getByTestId(`filter-${filter}`);
  const clear = input.closest('.mantine-Input-wrapper')?.querySelector<HTMLElement>('.mantine-Input-section button');
  expect(clear, `clear button of ${filter}`).toBeTruthy();
  await u.click(clear!);
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
}

async function search(u: User, d: HTMLElement) {
  await u.click(within(d).getByRole('button', { name: 'Search' }));
}

/** The server's own answer to a page request, to compare the dialog with. */
async function serverPage<T>(path: string, input: Record<string, unknown>) {
  const r = await api.get<{ items: T[]; count: number }>(path, input, admin);
  expect(r.code, r.msg).toBe(1);
  return r.data;
}

describe('user select dialog (§2.9)', { timeout: 60_000 }, () => {
  const renderDialog = (onConfirm = vi.fn()) =>
    renderApp(<Opener>{(opened, close) => <UserSelectDialog opened={opened} onClose={close} onConfirm={onConfirm} />}</Opener>);

  it('shows company, department, account, name, number and e-mail, 10 a page by default, with paging', async () => {
    const all = await serverPage<UserItem>('/api/user/getuserpage', { isDisabled: false, pageIndex: 1, pageSize: 100 });
    expect(all.count).toBeGreaterThan(10);
    const u = user();
    renderDialog();
    const d = await open(u, 'Select users');
    await waitFor(() => expect(total(d)).toBe(`Total ${all.count}`));
    expect(headers(d).slice(2)).toEqual(['Company', 'Department', 'Account', 'Name', 'Number', 'E-mail']);
    expect(rows(d)).toHaveLength(10);
    expect(column(d, 'No.')[0]).toBe('1');
    // The common pager: sizes 10, 25, 50, 75, 100 with 10 chosen.
    const size = within(d).getByRole('button', { name: '10' });
    await u.click(size);
    expect(within(d).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['10', '25', '50', '75', '100']);
    await u.keyboard('{Escape}');

    await u.click(within(d).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(column(d, 'No.')[0]).toBe('11'));
    expect(rows(d)).toHaveLength(Math.min(10, all.count - 10));
    expect(column(d, 'Number')).toEqual(all.items.slice(10, 20).map((x) => x.number));
  });

  it('narrows the rows by company, then department, then keyword', async () => {
    const u = user();
    renderDialog();
    const d = await open(u, 'Select users');
    await waitFor(() => expect(rows(d)).toHaveLength(10));

    await choose(u, d, 'companyNumber', /\(TW\)$/);
    await search(u, d);
    const tw = await serverPage<UserItem>('/api/user/getuserpage', { isDisabled: false, companyNumber: 'TW', pageIndex: 1, pageSize: 10 });
    await waitFor(() => expect(total(d)).toBe(`Total ${tw.count}`));
    expect(column(d, 'Number')).toEqual(tw.items.map((x) => x.number));
    expect(tw.items.every((x) => x.companyNumber === 'TW')).toBe(true);
    expect(column(d, 'Number')).toContain('tw.sales');

    // The department choices are those of the chosen company.
    await choose(u, d, 'departmentNumber', /^Marketing$/);
    await search(u, d);
    await waitFor(() => expect(total(d)).toBe(`Total ${EXTRA_USERS.length}`));
    expect(column(d, 'Department')).toEqual(EXTRA_USERS.map(() => 'Marketing'));
    expect([...column(d, 'Name')].sort()).toEqual([...EXTRA_USERS].sort());

    await u.type(within(d).getByTestId('filter-keyword'), 'Noah');
    await search(u, d);
    await waitFor(() => expect(column(d, 'Name')).toEqual(['Noah Wu']));
    expect(total(d)).toBe('Total 1');
  });

  it('Confirm returns the selected users and closes; reopening starts with no selection', async () => {
    const onConfirm = vi.fn();
    const u = user();
    renderDialog(onConfirm);
    let d = await open(u, 'Select users');
    await waitFor(() => expect(rows(d)).toHaveLength(10));
    const numbers = column(d, 'Number');
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 1' }));
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 3' }));
    expect(checked(d)).toHaveLength(2);
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const chosen = onConfirm.mock.calls[0][0] as UserItem[];
    expect(chosen.map((x) => x.number)).toEqual([numbers[0], numbers[2]]);
    expect(chosen[0]).toMatchObject({ number: numbers[0], name: expect.any(String), email: expect.any(String) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    d = await open(u, 'Select users');
    await waitFor(() => expect(rows(d)).toHaveLength(10));
    expect(checked(d)).toHaveLength(0);
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenLastCalledWith([]);
  });
});

describe('user select dialog, one user (a leader)', { timeout: 60_000 }, () => {
  it('keeps at most one ticked user and Confirm returns it', async () => {
    const onConfirm = vi.fn();
    const u = user();
    renderApp(<Opener>{(opened, close) => <UserSelectDialog opened={opened} multiple={false} onClose={close} onConfirm={onConfirm} />}</Opener>);
    const d = await open(u, 'Select users');
    await waitFor(() => expect(rows(d)).toHaveLength(10));
    const numbers = column(d, 'Number');
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 1' }));
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 4' }));
    expect(checked(d).map((c) => c.getAttribute('aria-label'))).toEqual(['Select record 4']);
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));
    expect((onConfirm.mock.calls[0][0] as UserItem[]).map((x) => x.number)).toEqual([numbers[3]]);
  });
});

describe('product picker (§2.9)', { timeout: 60_000 }, () => {
  const renderPicker = (onConfirm = vi.fn()) =>
    renderApp(<Opener>{(opened, close) => <ProductPicker opened={opened} onClose={close} onConfirm={onConfirm} />}</Opener>);
  const enabled = { isDisabled: false, pageIndex: 1, pageSize: 10 };

  it('shows code, item code, model, name, colour, currency, price, unit price and unit, 10 a page by default', async () => {
    const first = await serverPage<ProductItem>('/api/Product/getproductpage', enabled);
    expect(first.count).toBeGreaterThan(10);
    const u = user();
    renderPicker();
    const d = await open(u, 'Select products');
    await waitFor(() => expect(total(d)).toBe(`Total ${first.count}`));
    expect(headers(d).slice(2)).toEqual(['Product code', 'Item code', 'Model', 'Product name', 'Colour', 'Currency', 'Price', 'Unit price', 'Unit of measure']);
    expect(rows(d)).toHaveLength(10);
    expect(within(d).getByRole('button', { name: '10' })).toBeTruthy();
    expect(column(d, 'Product code')).toEqual(first.items.map((p) => p.productCode));
    // Model and colour by name, as the lookups show them.
    const p = first.items[0];
    expect(rows(d)[0].textContent).toContain(p.productMod ?? p.modelNo);
    expect(column(d, 'Colour')[0]).toBe(p.productCol ?? p.productColour);
    expect(column(d, 'Item code')[0]).toBe(p.itemCode);
    expect(column(d, 'Unit of measure')[0]).toBe(p.uom);
  });

  it('narrows the rows by category, model, product code and colour', async () => {
    const u = user();
    renderPicker();
    const d = await open(u, 'Select products');
    await waitFor(() => expect(rows(d)).toHaveLength(10));

    await choose(u, d, 'category', /\(FM\)$/);
    await search(u, d);
    const fm = await serverPage<ProductItem>('/api/Product/getproductpage', { ...enabled, category: 'FM' });
    expect(fm.count).toBeGreaterThan(0);
    await waitFor(() => expect(total(d)).toBe(`Total ${fm.count}`));
    expect(column(d, 'Product code')).toEqual(fm.items.map((p) => p.productCode));
    expect(fm.items.every((p) => p.category === 'FM')).toBe(true);

    await choose(u, d, 'modelNo', /\(OF-1808\)$/);
    await search(u, d);
    const model = await serverPage<ProductItem>('/api/Product/getproductpage', { ...enabled, category: 'FM', modelNo: 'OF-1808' });
    await waitFor(() => expect(column(d, 'Product code')).toEqual(model.items.map((p) => p.productCode)));
    expect(model.count).toBeLessThan(fm.count);
    expect(column(d, 'Product code').every((c) => c.startsWith('OF-1808'))).toBe(true);

    await u.type(within(d).getByTestId('filter-productCode'), '1808-b');
    await search(u, d);
    await waitFor(() => expect(column(d, 'Product code')).toEqual(['OF-1808-B']));

    // Colour alone: clear the others, choose the colour of OF-1808-B.
    const colour = model.items.find((p) => p.productCode === 'OF-1808-B')!;
    await u.clear(within(d).getByTestId('filter-productCode'));
    for (const f of ['category', 'modelNo']) await clearSelect(u, d, f);
    await choose(u, d, 'productColour', new RegExp(`\\(${colour.productColour}\\)$`));
    await search(u, d);
    const byColour = await serverPage<ProductItem>('/api/Product/getproductpage', { ...enabled, productColour: colour.productColour });
    await waitFor(() => expect(total(d)).toBe(`Total ${byColour.count}`));
    expect(byColour.count).toBeGreaterThan(1);
    expect(new Set(column(d, 'Colour'))).toEqual(new Set([colour.productCol]));
    expect(column(d, 'Product code')).toEqual(byColour.items.map((p) => p.productCode));
  });

  it('Confirm returns the selected rows (across pages); reopening clears the selection', async () => {
    const onConfirm = vi.fn();
    const u = user();
    renderPicker(onConfirm);
    let d = await open(u, 'Select products');
    await waitFor(() => expect(rows(d)).toHaveLength(10));
    const page1 = column(d, 'Product code');
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 2' }));
    await u.click(within(d).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(column(d, 'No.')[0]).toBe('11'));
    const page2 = column(d, 'Product code');
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 1' }));
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    const chosen = onConfirm.mock.calls[0][0] as ProductItem[];
    expect(chosen.map((p) => p.productCode)).toEqual([page1[1], page2[0]]);
    expect(chosen[0]).toMatchObject({ productCode: page1[1], price: expect.any(Number), uom: expect.any(String) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    d = await open(u, 'Select products');
    await waitFor(() => expect(column(d, 'No.')[0]).toBe('1'));
    expect(checked(d)).toHaveLength(0);
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenLastCalledWith([]);
  });
});

describe('model picker (§2.9)', { timeout: 60_000 }, () => {
  it('searches by model, ticks several, and Confirm returns the chosen models', async () => {
    const onConfirm = vi.fn();
    const u = user();
    renderApp(<Opener>{(opened, close) => <ModelPicker opened={opened} onClose={close} onConfirm={onConfirm} />}</Opener>);
    const d = await open(u, 'Select models');
    await waitFor(() => expect(rows(d).length).toBeGreaterThan(2));
    const before = rows(d).length;

    await u.type(within(d).getByRole('textbox', { name: 'Model' }), 'Sofa');
    await u.click(within(d).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows(d).length).toBeLessThan(before));
    const names = column(d, 'Full name');
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.every((n) => /sofa/i.test(n))).toBe(true);

    await u.click(within(d).getByRole('checkbox', { name: 'Select record 1' }));
    await u.click(within(d).getByRole('checkbox', { name: 'Select record 2' }));
    await u.click(within(d).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const chosen = onConfirm.mock.calls[0][0] as ProductModLookupItem[];
    expect(chosen.map((m) => m.productMod)).toEqual(names.slice(0, 2));
    expect(chosen.every((m) => typeof m.productModNa === 'string' && m.productModNa !== '')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('pickers without a network (issue 6)', { timeout: 60_000 }, () => {
  /** The server cannot be reached until `back()`: every request fails as fetch does offline. */
  function cutNetwork() {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    return () => void (globalThis.fetch = injectFetch as typeof fetch);
  }
  afterEach(() => void (globalThis.fetch = injectFetch as typeof fetch));

  it.each([
    {
      name: 'the user dialog',
      title: 'Select users',
      dialog: (opened: boolean, close: () => void) => <UserSelectDialog opened={opened} onClose={close} onConfirm={vi.fn()} />,
      loaded: (n: number) => n === 10,
    },
    {
      name: 'the model picker',
      title: 'Select models',
      dialog: (opened: boolean, close: () => void) => <ModelPicker opened={opened} onClose={close} onConfirm={vi.fn()} />,
      loaded: (n: number) => n > 2,
    },
  ])('$name says it is offline instead of "No data", and Retry loads the rows once the server answers', async ({ title, dialog, loaded }) => {
    const back = cutNetwork();
    const u = user();
    renderApp(<Opener>{dialog}</Opener>);
    const d = await open(u, title);
    expect((await within(d).findByTestId('offline-state')).textContent).toContain('You are offline');
    expect(within(d).queryByText('No data')).toBeNull();
    expect(rows(d)).toHaveLength(0);
    back();
    await u.click(within(d).getByTestId('offline-retry'));
    await waitFor(() => expect(loaded(rows(d).length)).toBe(true));
    expect(within(d).queryByTestId('offline-state')).toBeNull();
  });
});

describe('tag input (§2.9)', () => {
  function Tags({ initial, onAdd }: { initial: Tag[]; onAdd?: () => void }) {
    const [tags, setTags] = useState(initial);
    return (
      <>
        <TagInput label="Users" tags={tags} onRemove={(v) => setTags((t) => t.filter((x) => x.value !== v))} onAdd={onAdd} />
        <output data-testid="value">{tags.map((t) => t.value).join(',')}</output>
      </>
    );
  }

  it('shows the chosen items as closable tags; closing one removes it from the value', async () => {
    const onAdd = vi.fn();
    const u = user();
    renderApp(
      <Tags
        initial={[
          { value: 'tw.sales', label: 'Tina Huang' },
          { value: 'sg.sales', label: 'Samuel Tan' },
          { value: 'hk.sales', label: 'Henry Wong' },
        ]}
        onAdd={onAdd}
      />,
    );
    const box = screen.getByTestId('tag-input');
    expect(within(box).getByText('Tina Huang')).toBeTruthy();
    // Each tag has its own close button, reachable by keyboard and named after the tag.
    expect(within(box).getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Tina Huang',
      'Remove Samuel Tan',
      'Remove Henry Wong',
    ]);

    await u.click(within(box).getByRole('button', { name: 'Remove Samuel Tan' }));
    expect(screen.getByTestId('value').textContent).toBe('tw.sales,hk.sales');
    expect(within(box).queryByText('Samuel Tan')).toBeNull();

    // By keyboard: focus the close button of Henry Wong and press Enter.
    within(box).getByRole('button', { name: 'Remove Henry Wong' }).focus();
    await u.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('tw.sales');
    expect(within(box).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);

    await u.click(within(box).getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('a disabled tag input shows the tags without close buttons', () => {
    renderApp(<TagInput tags={[{ value: 'a', label: 'Alpha' }]} onRemove={() => {}} onAdd={() => {}} disabled />);
    const box = screen.getAllByTestId('tag-input').at(-1)!;
    expect(within(box).getByText('Alpha')).toBeTruthy();
    expect(within(box).queryByRole('button')).toBeNull();
  });
});
