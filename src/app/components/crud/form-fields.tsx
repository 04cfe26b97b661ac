// Form fields drawn from declarations: text, textarea, number, select and multi-select (static or remote options),
// a year-month picker ("YYYY-MM"), read-only boxes and computed read-only values. Labels are fields.<entity>.<name> unless declared.
import type { ReactNode } from 'react';
import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormState, FormValues } from './form-state';
import { useLookup, type Lookup, type Option } from './lookups';
import type { FormMode } from './form-logic';
import { MonthInput } from './month-input';

export interface FieldCtx<V> {
  mode: FormMode;
  values: V;
}

export interface FieldDef<V extends FormValues> {
  name: keyof V & string;
  kind?: 'text' | 'textarea' | 'number' | 'select' | 'multiselect' | 'month' | 'readonly';
  /** Translation key; fields.<entity>.<name> by default. */
  label?: string;
  options?: readonly (Option & { labelKey?: string })[];
  lookup?: Lookup;
  /** Shows the required mark (the schema decides what is checked). */
  required?: boolean;
  /** A locked input: shown, not editable. */
  disabled?: boolean | ((ctx: FieldCtx<V>) => boolean);
  hidden?(ctx: FieldCtx<V>): boolean;
  /** For read-only fields whose value is derived from others (e.g. a model's full name). */
  compute?(values: V): string;
  /** A custom input (e.g. a picker box); gets the form. */
  render?(form: FormState<V>, ctx: FieldCtx<V>): ReactNode;
  /** Translation key of a placeholder (e.g. "made by the server"). */
  placeholder?: string;
  /** Number inputs: decimals allowed. */
  decimals?: number;
  /** Text inputs: the contract's length limit; the input stops there and counts the characters used. */
  maxLength?: number;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function withValue(options: Option[], value: unknown): Option[] {
  const wanted = (Array.isArray(value) ? value : [value]).map(str).filter(Boolean);
  const missing = wanted.filter((w) => !options.some((o) => o.value === w));
  return missing.length ? [...options, ...missing.map((m) => ({ value: m, label: m }))] : options;
}

function Field<V extends FormValues>({ def, form, ctx, entity }: { def: FieldDef<V>; form: FormState<V>; ctx: FieldCtx<V>; entity: string }) {
  const { t } = useTranslation();
  const kind = def.kind ?? 'text';
  const remote = useLookup(def.lookup, kind === 'select' || kind === 'multiselect');
  const label = t(def.label ?? `fields.${entity}.${def.name}`);
  const disabled = typeof def.disabled === 'function' ? def.disabled(ctx) : !!def.disabled;
  const p = form.getInputProps(def.name);
  const common = {
    label,
    withAsterisk: def.required,
    disabled,
    error: p.error,
    onBlur: p.onBlur,
    placeholder: def.placeholder ? t(def.placeholder) : undefined,
    'data-testid': `field-${def.name}`,
  };
  // The count goes under the input, so inputs side by side stay level with those that have none.
  const limit = def.maxLength
    ? {
        maxLength: def.maxLength,
        description: t('crud.length', { used: str(p.value).length, max: def.maxLength }),
        inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
      }
    : {};
  const set = (v: unknown) => form.setFieldValue(def.name, v as V[typeof def.name]);

  if (def.render) return <>{def.render(form, ctx)}</>;
  const staticOptions = (def.options ?? []).map((o) => ({ value: o.value, label: o.labelKey ? t(o.labelKey) : o.label }));
  const options = withValue(def.lookup ? remote.options : staticOptions, p.value);

  switch (kind) {
    case 'readonly':
      return <TextInput {...common} readOnly disabled value={def.compute ? def.compute(ctx.values) : str(p.value)} />;
    case 'textarea':
      return <Textarea {...common} {...limit} autosize minRows={2} value={str(p.value)} onChange={(e) => set(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={p.value === '' || p.value === null || p.value === undefined ? '' : Number(p.value)}
          decimalScale={def.decimals ?? 2}
          min={0}
          hideControls
          onChange={(v) => set(v === '' ? '' : Number(v))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={options}
          searchable
          clearable={!def.required}
          value={str(p.value) || null}
          onChange={(v) => set(v ?? '')}
        />
      );
    case 'month':
      return (
        <MonthInput
          label={label}
          required={def.required}
          disabled={disabled}
          error={p.error}
          // No blur check: opening the picker moves the focus into its dropdown (checked on submit instead).
          value={str(p.value)}
          onChange={(v) => set(v)}
          clearable={!def.required}
          testId={common['data-testid']}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={options}
          searchable
          clearable
          value={Array.isArray(p.value) ? p.value.map(str) : []}
          onChange={(v) => set(v)}
        />
      );
    default:
      return <TextInput {...common} {...limit} value={str(p.value)} onChange={(e) => set(e.currentTarget.value)} />;
  }
}

export function FormFields<V extends FormValues>({
  fields,
  form,
  mode,
  entity,
}: {
  fields: readonly FieldDef<V>[];
  form: FormState<V>;
  mode: FormMode;
  entity: string;
}) {
  const ctx: FieldCtx<V> = { mode, values: form.values };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields
        .filter((f) => !f.hidden?.(ctx))
        .map((f) => (
          <Field key={f.name} def={f} form={form} ctx={ctx} entity={entity} />
        ))}
    </SimpleGrid>
  );
}
