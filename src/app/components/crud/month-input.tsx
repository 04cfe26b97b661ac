// A year-month input ("YYYY-MM") for the crud kit's month filters and form fields. The picker itself (month-picker.tsx,
// on @mantine/dates) is a lazy chunk; until it arrives a read-only box with the same label and value holds its place.
import { lazy, Suspense } from 'react';
import { TextInput } from '@mantine/core';

export interface MonthInputProps {
  label: string;
  /** "YYYY-MM", or '' for none. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  clearable?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  w?: number | string;
  testId?: string;
}

const MonthPicker = lazy(() => import('./month-picker'));

export function MonthInput(props: MonthInputProps) {
  const fallback = <TextInput label={props.label} withAsterisk={props.required} value={props.value} readOnly disabled w={props.w} />;
  return (
    <Suspense fallback={fallback}>
      <MonthPicker {...props} />
    </Suspense>
  );
}
