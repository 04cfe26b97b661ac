// The Monday-first month calendar of the amount rule (spec part 1 §2, §9): 35 or 42 cells labelled MON..SUN, each day
// with a corporate (online) and an offline (retail) amount, and the read-only totals under it (corporate, offline,
// overall). Period sales data (rule 2) and sales targets (rule 2) both use it; targets pass `activeDays` so only the
// days the user added carry inputs (at most 28, the caller enforces it). Values stay strings while typing; the form
// converts them on save (amounts.ts). Tablet-first: the grid scrolls inside its own frame, never the page.
import { memo, useCallback, useRef } from 'react';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monthCalendar, pad2, sumAmounts } from '@/shared/domain/sales';
import { amountOf, formatAmount, isAmountText, normalizeAmountText } from './amounts';
import './month-calendar.css';

/** One day's amounts as typed. */
export interface DayAmounts {
  corporate: string;
  offline: string;
}
/** Amounts by two-digit day of the month ('01'..'31'). */
export type CalendarValues = Record<string, DayAmounts>;

export interface CalendarLabels {
  corporate?: string;
  offline?: string;
  totalCorporate?: string;
  totalOffline?: string;
  total?: string;
}

export interface MonthCalendarProps {
  year: number;
  month: number;
  values: CalendarValues;
  /** The whole next value and the day that changed. */
  onChange(next: CalendarValues, day: string): void;
  readOnly?: boolean;
  /** Only these days ('DD') carry inputs; the others offer Add (target rule 2). Omit: every day has inputs. */
  activeDays?: readonly string[];
  onAddDay?(day: string): void;
  onRemoveDay?(day: string): void;
  /** Already translated texts replacing the defaults (e.g. "Corporate target"). */
  labels?: CalendarLabels;
}

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const EMPTY: DayAmounts = { corporate: '', offline: '' };

/** The totals of a calendar: only `days` count when given (the active rows of a target). */
export function calendarTotals(values: CalendarValues, days?: readonly string[]) {
  const keys = days ?? Object.keys(values);
  const corporate = sumAmounts(keys.map((d) => amountOf(values[d]?.corporate)));
  const offline = sumAmounts(keys.map((d) => amountOf(values[d]?.offline)));
  return { corporate, offline, total: sumAmounts([corporate, offline]) };
}

interface CellProps {
  day: string;
  weekday: number;
  amounts: DayAmounts;
  readOnly: boolean;
  /** undefined: inputs always; true/false: the day is (not) one of the added rows. */
  active: boolean | undefined;
  corporateLabel: string;
  offlineLabel: string;
  onField(day: string, field: keyof DayAmounts, text: string): void;
  onAdd?(day: string): void;
  onRemove?(day: string): void;
}

const DayCell = memo(function DayCell(p: CellProps) {
  const { t } = useTranslation();
  const dayNumber = Number(p.day);
  const showInputs = p.active !== false;
  const input = (field: keyof DayAmounts, label: string) => (
    <TextInput
      name={`${field}-${p.day}`}
      aria-label={`${label} ${dayNumber}`}
      // The legend and the colour stripe say which input is which; a label would not fit a tablet's cell.
      placeholder={p.readOnly ? undefined : '0.00'}
      title={label}
      inputMode="decimal"
      autoComplete="off"
      value={p.amounts[field]}
      readOnly={p.readOnly}
      onChange={(e) => p.onField(p.day, field, e.currentTarget.value)}
      classNames={{ input: 'sd-cal-input' }}
      data-kind={field}
      size="sm"
    />
  );
  return (
    <div
      className="sd-cal-cell"
      data-testid={`cal-day-${p.day}`}
      data-inactive={p.active === false || undefined}
      data-weekday={p.weekday}
    >
      <div className="sd-cal-day">
        <span>{dayNumber}</span>
        {p.active === true && !p.readOnly && p.onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            className="sd-cal-touch"
            size={40}
            aria-label={`${t('sales.calendar.removeDay')} ${dayNumber}`}
            onClick={() => p.onRemove?.(p.day)}
            data-testid={`cal-remove-${p.day}`}
          >
            ×
          </ActionIcon>
        )}
      </div>
      {showInputs ? (
        <>
          {input('corporate', p.corporateLabel)}
          {input('offline', p.offlineLabel)}
        </>
      ) : (
        !p.readOnly &&
        p.onAdd && (
          <Button
            variant="light"
            className="sd-cal-touch"
            h={40}
            fullWidth
            px={4}
            onClick={() => p.onAdd?.(p.day)}
            aria-label={`${t('sales.calendar.addDay')} ${dayNumber}`}
            data-testid={`cal-add-${p.day}`}
          >
            + {t('sales.calendar.addDay')}
          </Button>
        )
      )}
    </div>
  );
});

export function MonthCalendar({ year, month, values, onChange, readOnly = false, activeDays, onAddDay, onRemoveDay, labels }: MonthCalendarProps) {
  const { t } = useTranslation();
  const corporateLabel = labels?.corporate ?? t('sales.calendar.corporate');
  const offlineLabel = labels?.offline ?? t('sales.calendar.offline');
  const cells = monthCalendar(year, month);
  const days = cells.filter((c): c is number => c !== null).map(pad2);
  const active = activeDays ? new Set(activeDays) : null;
  const totals = calendarTotals(values, active ? days.filter((d) => active.has(d)) : days);

  // One stable handler for every cell, so typing in one day re-renders only that day.
  const latest = useRef({ values, onChange });
  latest.current = { values, onChange };
  const onField = useCallback((day: string, field: keyof DayAmounts, text: string) => {
    const next = normalizeAmountText(text);
    if (!isAmountText(next)) return;
    const cur = latest.current.values;
    latest.current.onChange({ ...cur, [day]: { ...(cur[day] ?? EMPTY), [field]: next } }, day);
  }, []);

  const total = (testId: string, label: string, value: number) => (
    <TextInput label={label} value={formatAmount(value)} readOnly variant="filled" classNames={{ input: 'sd-cal-input' }} data-testid={testId} />
  );

  return (
    <Paper withBorder p="xs" data-testid="month-calendar" data-cells={cells.length}>
      <Group gap="md" mb="xs" wrap="wrap">
        <Text size="sm">
          <span className="sd-cal-swatch" style={{ background: 'var(--mantine-color-indigo-5)' }} />
          {corporateLabel}
        </Text>
        <Text size="sm">
          <span className="sd-cal-swatch" style={{ background: 'var(--mantine-color-orange-5)' }} />
          {offlineLabel}
        </Text>
      </Group>
      <div className="sd-cal-frame">
        <div className="sd-cal-grid" role="grid" aria-label={t('sales.calendar.label')}>
          {WEEKDAY_KEYS.map((k, i) => (
            <div key={k} className="sd-cal-head" role="columnheader" data-weekend={i >= 5 || undefined}>
              {t(`sales.calendar.weekdays.${k}`)}
            </div>
          ))}
          {cells.map((day, i) =>
            day === null ? (
              <div key={`e${i}`} className="sd-cal-cell" data-empty aria-hidden="true" data-testid="cal-empty" />
            ) : (
              <DayCell
                key={day}
                day={pad2(day)}
                weekday={(i % 7) + 1}
                amounts={values[pad2(day)] ?? EMPTY}
                readOnly={readOnly}
                active={active ? active.has(pad2(day)) : undefined}
                corporateLabel={corporateLabel}
                offlineLabel={offlineLabel}
                onField={onField}
                onAdd={onAddDay}
                onRemove={onRemoveDay}
              />
            ),
          )}
        </div>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="sm" spacing="sm">
        {total('total-corporate', labels?.totalCorporate ?? t('sales.calendar.totalCorporate'), totals.corporate)}
        {total('total-offline', labels?.totalOffline ?? t('sales.calendar.totalOffline'), totals.offline)}
        {total('total-overall', labels?.total ?? t('sales.calendar.total'), totals.total)}
      </SimpleGrid>
    </Paper>
  );
}
