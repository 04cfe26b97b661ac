// Form inputs of the organisation forms that the crud kit's field kinds do not cover: a select whose options follow
// another field (a department of the chosen company) and that clears its dependants when it changes, a checkbox,
// a radio group and a password input, all bound to the kit's form state.
import { Checkbox, Group, PasswordInput, Radio, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormState, FormValues } from '@/app/components/crud/form-state';
import { useLookup, type Lookup, type Option } from '@/app/components/crud/lookups';

interface Bound<V extends FormValues> {
  form: FormState<V>;
  name: keyof V & string;
  /** Translation key of the label. */
  label: string;
  required?: boolean;
  disabled?: boolean;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function FormSelect<V extends FormValues>(
  props: Bound<V> & {
    lookup: Lookup;
    /** Fields cleared when this one changes (a department when its company changes). */
    clears?: (keyof V & string)[];
    /** Drops options (e.g. a department itself from its parent choices). */
    exclude?(option: Option): boolean;
    /** Loads nothing until true (a department list waits for its company). */
    enabled?: boolean;
    /** The label of the loaded value while (or if) it is not among the options. */
    currentLabel?: string;
  },
) {
  const { t } = useTranslation();
  const enabled = props.enabled ?? true;
  const { options, loading } = useLookup(props.lookup, enabled);
  const p = props.form.getInputProps(props.name);
  const value = str(p.value);
  const shown = (enabled ? options : []).filter((o) => !props.exclude?.(o));
  // Keep the current value visible while its options load.
  const data = value && !shown.some((o) => o.value === value) ? [...shown, { value, label: props.currentLabel || (loading ? '…' : value) }] : shown;
  return (
    <Select
      label={t(props.label)}
      withAsterisk={props.required}
      disabled={props.disabled || !enabled}
      data={data}
      value={value || null}
      searchable
      clearable={!props.required}
      nothingFoundMessage={loading ? '…' : t('crud.noData')}
      error={p.error}
      onBlur={p.onBlur}
      onChange={(v) => {
        const next = v ?? '';
        if (next === value) return;
        props.form.setFieldValue(props.name, next as V[keyof V & string]);
        for (const c of props.clears ?? []) props.form.setFieldValue(c, '' as V[keyof V & string]);
      }}
      data-testid={`field-${props.name}`}
    />
  );
}

export function FormCheckbox<V extends FormValues>(props: Bound<V>) {
  const { t } = useTranslation();
  const p = props.form.getInputProps(props.name);
  return (
    <Checkbox
      mt="md"
      label={t(props.label)}
      checked={Boolean(p.value)}
      disabled={props.disabled}
      onChange={(e) => props.form.setFieldValue(props.name, e.currentTarget.checked as V[keyof V & string])}
      data-testid={`field-${props.name}`}
    />
  );
}

export function FormRadio<V extends FormValues>(props: Bound<V> & { options: readonly { value: string; labelKey: string }[] }) {
  const { t } = useTranslation();
  const p = props.form.getInputProps(props.name);
  return (
    <Radio.Group
      label={t(props.label)}
      withAsterisk={props.required}
      value={str(p.value)}
      error={p.error}
      onChange={(v) => props.form.setFieldValue(props.name, v as V[keyof V & string])}
      data-testid={`field-${props.name}`}
    >
      <Group mt={8}>
        {props.options.map((o) => (
          <Radio key={o.value} value={o.value} label={t(o.labelKey)} disabled={props.disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function FormPassword<V extends FormValues>(props: Bound<V>) {
  const { t } = useTranslation();
  const p = props.form.getInputProps(props.name);
  return (
    <PasswordInput
      label={t(props.label)}
      withAsterisk={props.required}
      value={str(p.value)}
      error={p.error}
      onBlur={p.onBlur}
      autoComplete="new-password"
      onChange={(e) => props.form.setFieldValue(props.name, e.currentTarget.value as V[keyof V & string])}
      data-testid={`field-${props.name}`}
    />
  );
}
