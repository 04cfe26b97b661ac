// The add/edit page of every master-data screen: add when the key query parameter is missing or 0, edit otherwise
// (the record is loaded). Values are checked by the contract's zod schema; Save is disabled while the call runs and
// enabled again after the reply; success shows a message and returns to the list; refusals show errors.<msg>;
// leaving with unsaved changes asks first. An edit whose key names no record (missing on an edit route, /UserEdit?id=abc)
// or whose record the server refuses shows the refusal in place of the fields, offline the offline state with Retry.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, LoadingOverlay, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ApiError, call } from '@/app/api/client';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import type { Endpoint, InputOf } from '@/shared/contracts/endpoint';
import type { FieldError } from '@/shared/contracts/field-messages';
import { FormFields, type FieldDef } from './form-fields';
import type { FormMode } from './form-logic';
import { useFormState, type FormState, type FormValues } from './form-state';
import { useCurrentMenu } from '@/app/components/shell/current-menu';
import { RecordState, type RecordFailure } from './record-state';
import { useUnsavedGuard } from './unsaved-guard';
import type { FromState } from './crud-list';
import { formMode, isEditRoute, queryParam, recordKeyProblem } from './form-logic';

/** Back to where the page was opened from, else to the list. */
export function useReturn(listPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  return {
    /** After a save: the list as the user left it. */
    toList: () => navigate(from ?? listPath),
    /** The Return button: one step back, or the list when there is no step to go back to. */
    back: () => (location.key !== 'default' ? navigate(-1) : navigate(listPath)),
  };
}

export interface CrudFormProps<V extends FormValues, S extends Endpoint, R> {
  entity: string;
  listPath: string;
  /** The query parameter holding the record key (Id, ProductCode). */
  keyParam: string;
  empty: V;
  fields: readonly FieldDef<V>[];
  save: S;
  /** Checks the payload; the save contract's input schema by default. */
  schema?: z.ZodType;
  /** Loads the record for editing. */
  load?(key: string): Promise<R>;
  toValues?(record: R): V;
  toPayload?(values: V, mode: FormMode): InputOf<S>;
  /** Extra content under the fields (e.g. a hint). */
  children?: (form: FormState<V>, mode: FormMode) => ReactNode;
}

export function CrudForm<V extends FormValues, S extends Endpoint, R>(props: CrudFormProps<V, S, R>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = queryParam(params, props.keyParam);
  const mode = formMode(key);
  const problem = recordKeyProblem(key, props.keyParam);
  // Add mode is a missing (or 0) key on an add route; anything else must name a record.
  const editRoute = isEditRoute(useCurrentMenu()?.routeComponent);
  const badKey = mode === 'edit' ? problem !== null : editRoute;
  const ret = useReturn(props.listPath);
  const toPayload = (v: V) => (props.toPayload ? props.toPayload(v, mode) : (v as unknown as InputOf<S>));
  const form = useFormState<V>({ initialValues: props.empty, schema: props.schema ?? props.save.input, toChecked: toPayload });
  const [loading, setLoading] = useState(mode === 'edit' && !badKey);
  const [saving, setSaving] = useState(false);
  // An edit whose record did not load must not save (it would add a new record instead).
  const [failure, setFailure] = useState<RecordFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failed: RecordFailure | null = badKey ? { kind: 'badKey' } : failure;
  const loadFailed = failed !== null;
  const guard = useUnsavedGuard(form.isDirty);

  // The record is loaded once per key; the declaration's functions are not part of that identity.
  const decl = useRef(props);
  decl.current = props;
  const { reset } = form;
  useEffect(() => {
    const { load, toValues } = decl.current;
    if (mode !== 'edit' || badKey || !load) return;
    let live = true;
    setLoading(true);
    setFailure(null);
    load(key)
      .then((r) => live && reset(toValues ? toValues(r) : (r as unknown as V)))
      .catch((error: unknown) => live && setFailure({ kind: 'error', error }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [mode, key, badKey, reset, attempt]);

  const submit = async () => {
    if (saving || !form.validate()) return;
    setSaving(true);
    try {
      await call(props.save, toPayload(form.values));
      showSuccess('crud.saved');
      guard.release();
      ret.toList();
    } catch (err) {
      // A 400 naming fields of this form (a rule only the server knows) shows under those inputs as well.
      if (err instanceof ApiError && err.status === 400 && Array.isArray(err.data)) form.showServerErrors(err.data as FieldError[]);
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper p="md" withBorder pos="relative" maw={960}>
      <LoadingOverlay visible={loading} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {failed ? (
            <RecordState failure={failed} onRetry={() => setAttempt((n) => n + 1)} />
          ) : (
            <>
              <FormFields fields={props.fields} form={form} mode={mode} entity={props.entity} />
              {props.children?.(form, mode)}
            </>
          )}
          <Group>
            <Button
              type="submit"
              loading={saving}
              disabled={saving || loading || loadFailed}
              // Keep focus in the input: its blur check would add an error line that moves Save away from under the
              // pointer between press and release, and the click would be lost. Submit validates every field anyway.
              onMouseDown={(e) => e.preventDefault()}
              data-testid="save"
            >
              {t('crud.save')}
            </Button>
            <Button variant="default" onClick={ret.back} data-testid="return">
              {t('crud.return')}
            </Button>
          </Group>
        </Stack>
      </form>
      {guard.dialog}
    </Paper>
  );
}
