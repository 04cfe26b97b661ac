// @vitest-environment jsdom
// The shared sales components (spec part 1 §2, §5, §6; DESIGN §5–§6) rendered in jsdom inside the app's providers:
// the Monday-first month calendar, the year/month pickers and the country select. The country lookups reach the real
// server in-process (fetch goes to app.inject), and the offline case is a fetch that cannot connect.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@/app/theme';
import { i18n } from '@/app/i18n/i18n';
import { setSession } from '@/app/session/session';
import { MonthCalendar, type CalendarValues } from '@/app/components/sales/month-calendar';
import { YearMonthFields, type YearMonth } from '@/app/components/sales/year-month-fields';
import { CountrySelect } from '@/app/components/sales/country-select';
import { client, startServer, type TestServer } from '../api/helpers';
import '../support/jsdom-shims';
import { fetchOnto } from '../support/inject-fetch';

configure({ asyncUtilTimeout: 10_000 });

let server: TestServer;
let tokens: Record<string, string>;
const realFetch = globalThis.fetch;

/** fetch onto the in-process server. */
const injectFetch = fetchOnto(() => server.app);

beforeAll(async () => {
  server = await startServer();
  const api = client(server.app);
  tokens = { admin: await api.login('admin'), tw: await api.login('tw.sales') };
  await i18n.changeLanguage('en');
  globalThis.fetch = injectFetch as typeof fetch;
}, 120_000);

afterEach(cleanup);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

function signInAs(who: 'admin' | 'tw') {
  setSession(
    who === 'admin'
      ? { token: tokens.admin, id: 1, number: 'admin', name: 'admin', language: 'en', companyNumber: 'OIH', sideMenuList: [], buttons: [] }
      : { token: tokens.tw, id: 2, number: 'tw.sales', name: 'Tina', language: 'en', companyNumber: 'TW', companyName: 'Taiwan', sideMenuList: [], buttons: [] },
  );
}

function renderApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

const user = () => userEvent.setup({ delay: null });

/** A calendar holding its values as a form does; the last change is reported to `seen`. */
function Calendar(props: { year: number; month: number; readOnly?: boolean; active?: string[]; onAdd?(d: string): void; onRemove?(d: string): void; seen?(v: CalendarValues): void }) {
  const [values, setValues] = useState<CalendarValues>({});
  return (
    <MonthCalendar
      year={props.year}
      month={props.month}
      values={values}
      readOnly={props.readOnly}
      activeDays={props.active}
      onAddDay={props.onAdd}
      onRemoveDay={props.onRemove}
      onChange={(next) => {
        setValues(next);
        props.seen?.(next);
      }}
    />
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('MonthCalendar', () => {
  it('is Monday first, with 42 cells when the 1st is a Friday to Sunday and 35 otherwise', () => {
    // November 2026 starts on a Sunday; February 2027 on a Monday.
    renderApp(<Calendar year={2026} month={11} />);
    const cal = screen.getByTestId('month-calendar');
    expect(cal.dataset.cells).toBe('42');
    expect(within(cal).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
    expect(within(cal).getAllByTestId('cal-empty')).toHaveLength(42 - 30);
    expect(screen.getByTestId('cal-day-01').dataset.weekday).toBe('7');
    cleanup();
    renderApp(<Calendar year={2027} month={2} />);
    expect(screen.getByTestId('month-calendar').dataset.cells).toBe('35');
    expect(screen.getByTestId('cal-day-01').dataset.weekday).toBe('1');
    expect(screen.queryByTestId('cal-day-29')).toBeNull();
  });

  it('takes digits with at most two decimals (numeric keypad) and totals corporate, offline and overall', async () => {
    const u = user();
    let last: CalendarValues = {};
    renderApp(<Calendar year={2026} month={11} seen={(v) => (last = v)} />);
    expect(input('corporate-03').inputMode).toBe('decimal');
    await u.type(input('corporate-03'), '12.345');
    await u.type(input('offline-03'), 'a7b');
    await u.type(input('corporate-30'), '0.5');
    expect(input('corporate-03').value).toBe('12.34');
    expect(input('offline-03').value).toBe('7');
    expect(last['03']).toEqual({ corporate: '12.34', offline: '7' });
    expect((screen.getByTestId('total-corporate') as HTMLInputElement).value).toBe('12.84');
    expect((screen.getByTestId('total-offline') as HTMLInputElement).value).toBe('7.00');
    expect((screen.getByTestId('total-overall') as HTMLInputElement).value).toBe('19.84');
  });

  it('read-only: inputs cannot change', async () => {
    const u = user();
    const seen = vi.fn();
    renderApp(<Calendar year={2026} month={11} readOnly seen={seen} />);
    await u.type(input('corporate-05'), '3');
    expect(input('corporate-05').readOnly).toBe(true);
    expect(seen).not.toHaveBeenCalled();
  });

  it('with active days: only those carry inputs; the others offer Add, the active ones Remove', async () => {
    const u = user();
    const onAdd = vi.fn();
    const onRemove = vi.fn();
    renderApp(<Calendar year={2026} month={11} active={['02', '10']} onAdd={onAdd} onRemove={onRemove} />);
    expect(input('corporate-02')).toBeTruthy();
    expect(input('corporate-03')).toBeNull();
    await u.click(screen.getByTestId('cal-add-03'));
    await u.click(screen.getByTestId('cal-remove-10'));
    expect(onAdd).toHaveBeenCalledWith('03');
    expect(onRemove).toHaveBeenCalledWith('10');
    expect(screen.queryByTestId('cal-add-02')).toBeNull();
  });
});

describe('YearMonthFields', () => {
  it('refuses months before the minimum period', async () => {
    const u = user();
    function Holder() {
      const [v, setV] = useState<YearMonth>({ year: 2026, month: 11 });
      return <YearMonthFields {...v} onChange={setV} minPeriod={{ year: 2026, month: 10 }} />;
    }
    renderApp(<Holder />);
    await u.click(screen.getByTestId('field-month'));
    const options = await screen.findAllByRole('option');
    const disabled = options.filter((o) => o.getAttribute('data-combobox-disabled') === 'true' || o.getAttribute('aria-disabled') === 'true').map((o) => o.textContent);
    expect(disabled).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09']);
    await u.click(screen.getByTestId('field-year'));
    const years = (await screen.findAllByRole('option')).map((o) => Number(o.textContent)).filter((n) => n > 1000);
    expect(Math.min(...years)).toBe(2026);
  });
});

describe('CountrySelect', () => {
  it('offers admin the sales companies from the server, shown as name (number), factories excluded', async () => {
    signInAs('admin');
    const u = user();
    const onChange = vi.fn();
    renderApp(<CountrySelect value="" onChange={onChange} required />);
    const field = screen.getByTestId('field-country');
    expect((field as HTMLInputElement).disabled).toBe(false);
    await u.click(field);
    await screen.findByRole('option', { name: /\(TW\)$/ });
    const labels = screen.getAllByRole('option').map((o) => o.textContent);
    expect(labels).toEqual(expect.arrayContaining([expect.stringMatching(/\(TW\)$/), expect.stringMatching(/\(HK\)$/)]));
    expect(labels.every((l) => /\([A-Z]+\)$/.test(l ?? ''))).toBe(true);
    // The seed's factory (FAC) is no country.
    expect(labels.some((l) => l?.includes('(FAC)'))).toBe(false);
    await u.click(screen.getByRole('option', { name: /\(TW\)$/ }));
    expect(onChange).toHaveBeenCalledWith('TW');
  });

  it('locks a subsidiary user to their own company, whatever value it was given', async () => {
    signInAs('tw');
    const onChange = vi.fn();
    renderApp(<CountrySelect value="HK" onChange={onChange} />);
    const field = screen.getByTestId('field-country') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    await waitFor(() => expect(field.value).toMatch(/\(TW\)$/));
    expect(onChange).toHaveBeenCalledWith('TW');
  });

  it('still shows the own company offline, when the lookup cannot reach the server', async () => {
    signInAs('tw');
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    try {
      renderApp(<CountrySelect value="TW" onChange={() => {}} />);
      const field = screen.getByTestId('field-country') as HTMLInputElement;
      await waitFor(() => expect(field.value).toBe('Taiwan (TW)'));
    } finally {
      globalThis.fetch = injectFetch as typeof fetch;
    }
  });
});
