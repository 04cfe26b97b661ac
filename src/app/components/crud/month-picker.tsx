// The year-month picker of the crud kit (lists' month filters, forms' month fields): @mantine/dates' month picker
// showing and giving "YYYY-MM". Loaded lazily by month-input.tsx, so @mantine/dates, its CSS and the Chinese month
// names download only with a screen that has one.
import 'dayjs/locale/zh-tw';
import { MonthPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { WithDates } from '@/app/components/dates/dates-provider';
import type { MonthInputProps } from './month-input';

/** "YYYY-MM" -> the picker's date string (the 1st of the month); '' or anything else -> nothing chosen. */
const toDate = (v: string) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? `${v}-01` : null);

export default function MonthPicker({ label, value, onChange, onBlur, clearable, required, disabled, error, w, testId }: MonthInputProps) {
  const { t } = useTranslation();
  return (
    <WithDates>
      <MonthPickerInput
        label={label}
        withAsterisk={required}
        value={toDate(value)}
        onChange={(d) => onChange(d ? d.slice(0, 7) : '')}
        onBlur={onBlur}
        valueFormat="YYYY-MM"
        clearable={clearable}
        disabled={disabled}
        error={error}
        w={w}
        nextLabel={t('crud.nextYear')}
        previousLabel={t('crud.previousYear')}
        popoverProps={{ withinPortal: true }}
        data-testid={testId}
      />
    </WithDates>
  );
}
