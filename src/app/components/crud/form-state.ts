// Form state of the crud kit on @mantine/form: values, per-field errors from the contract's zod schema (translated),
// dirty tracking and input props. Screens see this small surface, so the kit decides validation timing once:
// a field is checked when it is left and on submit, and a corrected field loses its error at once.
import { useCallback, useRef } from 'react';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fieldMessageKey, type FieldError } from '@/shared/contracts/field-messages';
import { validateWith } from './zod-validate';

export type FormValues = Record<string, unknown>;

export interface FormStateOptions<V extends FormValues> {
  initialValues: V;
  schema: z.ZodType;
  /** What the schema checks: the payload made from the values (defaults to the values themselves). */
  toChecked?(values: V): unknown;
}

export function useFormState<V extends FormValues>({ initialValues, schema, toChecked }: FormStateOptions<V>) {
  const { t } = useTranslation();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    clearInputErrorOnChange: true,
    validate: (values) => {
      const found = validateWith(schema, toChecked ? toChecked(values as V) : values);
      return Object.fromEntries(Object.entries(found).map(([k, m]) => [k, text(m.key, m.params)]));
    },
  });
  function text(key: string, params?: Record<string, string | number>) {
    return t(key, { defaultValue: '', ...params }) || t('crud.validation.invalid');
  }
  const values = form.getValues() as V;
  const errors = form.errors as Record<string, string | undefined>;

  // Stable setters (screens and effects may list them as dependencies); they act on the latest form.
  const latest = useRef(form);
  latest.current = form;
  const setFieldValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => latest.current.setFieldValue(name, value as never),
    [],
  );

  /** Replaces the values (e.g. with a loaded record) and takes them as the new clean state. */
  const reset = useCallback((v: V) => {
    latest.current.setValues(v);
    latest.current.resetDirty(v);
    latest.current.clearErrors();
  }, []);

  const getInputProps = <K extends keyof V & string>(name: K) => {
    const p = form.getInputProps(name);
    return {
      value: values[name],
      error: errors[name],
      onChange: (value: V[K]) => setFieldValue(name, value),
      onBlur: p.onBlur as () => void,
    };
  };

  return {
    values,
    errors,
    setFieldValue,
    /** Validates every field; true when the values pass. */
    validate: () => !form.validate().hasErrors,
    validateField: (name: string) => void form.validateField(name),
    reset,
    getInputProps,
    isDirty: () => form.isDirty(),
    /** Puts the field errors of a server's 400 reply on the inputs they name; false when none of them is a field here. */
    showServerErrors: (list: readonly FieldError[]) => {
      const own = list.filter((f) => f.field.split('.')[0] in latest.current.getValues());
      for (const f of own) latest.current.setFieldError(f.field, text(fieldMessageKey(f.message), f.params));
      return own.length > 0;
    },
    /** After a save: the current values are the clean state. */
    resetDirty: () => form.resetDirty(),
  };
}

export type FormState<V extends FormValues> = ReturnType<typeof useFormState<V>>;
