// Year (YYYY) and month (MM) pickers of the sales forms and lists (spec part 1 §2): two touch-friendly selects, no date
// popup. `minPeriod` refuses months before a given one (the target form refuses months before yesterday's month): those
// choices are disabled, and a year before it is not offered. A loaded value outside the choices stays visible.
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pad2 } from '@/shared/domain/sales';

export interface YearMonth {
  year: number | null;
  month: number | null;
}

export interface YearMonthFieldsProps extends YearMonth {
  onChange(next: YearMonth): void;
  /** Months before this one cannot be chosen. */
  minPeriod?: { year: number; month: number };
  disabled?: boolean;
  required?: boolean;
  /** Offer an empty choice (list filters: any month). */
  clearable?: boolean;
  errors?: { year?: string; month?: string };
  /** Years offered: this many before and after the current one (default 5 back, 1 ahead). */
  yearsBack?: number;
  yearsAhead?: number;
  /** data-testid prefix: `<prefix>-year`, `<prefix>-month` ("field" by default). */
  testIdPrefix?: string;
  /** Width of each select (110 and 96 px by default). */
  w?: number | string;
}

/** The year choices around now, plus `extra` years (a loaded record's) when outside the range. */
export function yearChoices(now: number, back: number, ahead: number, min?: number, extra: (number | null)[] = []): number[] {
  const years = new Set<number>();
  for (let y = now - back; y <= now + ahead; y++) if (min === undefined || y >= min) years.add(y);
  for (const y of extra) if (y) years.add(y);
  return [...years].sort((a, b) => a - b);
}

/** Is year-month before the minimum? */
export const beforePeriod = (year: number, month: number, min?: { year: number; month: number }) =>
  !!min && (year < min.year || (year === min.year && month < min.month));

export function YearMonthFields(props: YearMonthFieldsProps) {
  const { t } = useTranslation();
  const { year, month, minPeriod } = props;
  const prefix = props.testIdPrefix ?? 'field';
  const now = new Date().getFullYear();
  const years = yearChoices(now, props.yearsBack ?? 5, props.yearsAhead ?? 1, minPeriod?.year, [year]);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);

  const setYear = (v: string | null) => {
    const y = v ? Number(v) : null;
    // A month that the new year makes too early is cleared rather than kept invalid.
    const m = y !== null && month !== null && beforePeriod(y, month, minPeriod) ? null : month;
    props.onChange({ year: y, month: m });
  };

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Select
        label={t('fields.sales.year')}
        withAsterisk={props.required}
        data={years.map((y) => ({ value: String(y), label: String(y), disabled: beforePeriod(y, 12, minPeriod) }))}
        value={year ? String(year) : null}
        onChange={setYear}
        allowDeselect={!!props.clearable}
        clearable={props.clearable}
        disabled={props.disabled}
        error={props.errors?.year}
        w={props.w ?? 110}
        data-testid={`${prefix}-year`}
      />
      <Select
        label={t('fields.sales.month')}
        withAsterisk={props.required}
        data={months.map((m) => ({
          value: String(m),
          label: pad2(m),
          disabled: year !== null && beforePeriod(year, m, minPeriod) && m !== month,
        }))}
        value={month ? String(month) : null}
        onChange={(v) => props.onChange({ year, month: v ? Number(v) : null })}
        allowDeselect={!!props.clearable}
        clearable={props.clearable}
        disabled={props.disabled}
        error={props.errors?.month}
        w={props.w ?? 96}
        data-testid={`${prefix}-month`}
      />
    </Group>
  );
}
