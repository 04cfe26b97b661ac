// /AddTaskOptions and /EditTaskOptions?id= (spec part 3 §2.6, §4.5, §5, §8.3; DESIGN §11): task name, group, interval
// (a cron expression, with the next five firing times previewed under it as it is typed, or why it is refused, by the
// shared cron rules the server uses), API URL, auth header name and value, request type (GET/POST) and description.
// Each required field has its own message; Save is disabled while saving; the server's refusals show as their
// messages (taskOptionsAddError: bad cron, taskOptionsAddError2: the task exists); success returns to /TaskOptions.
// The auth value is write-only: a password input that shows the server's mask on edit and keeps the stored value
// unless it is typed over.
import { useMemo } from 'react';
import { Alert, Code, List, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudForm } from '@/app/components/crud/crud-form';
import type { FieldDef } from '@/app/components/crud/form-fields';
import { formMode, queryParam, type FormMode } from '@/app/components/crud/form-logic';
import type { FormState } from '@/app/components/crud/form-state';
import { currentLanguage } from '@/app/i18n/i18n';
import { ping } from '@/shared/contracts/system';
import { addTask, getTaskById, REQUEST_TYPES, updateTask } from '@/shared/contracts/task';
import { authValueKept, cronPreview, emptyTask, TASK_LIST_PATH, taskFormSchema, taskPayload, taskValues, type TaskValues } from './task-logic';

/** The next firing times of the expression as typed, or why it is refused (live, in the browser). */
export function CronPreviewText({ expr, now }: { expr: string; now?: Date }) {
  const { t } = useTranslation();
  const locale = currentLanguage() === 'zh-tw' ? 'zh-TW' : 'en';
  // Tasks fire in the server's time zone; until the server names it (or offline) the device's stands in.
  const server = useQuery({ queryKey: ['serverTimeZone'], queryFn: ({ signal }) => call(ping, {}, { signal, noGlobalRouting: true }), staleTime: Infinity, retry: false });
  const timeZone = server.data?.timeZone;
  // Recomputed as the expression changes; "now" is the time of that change.
  const preview = useMemo(() => cronPreview(expr, now ?? new Date(), { locale, ...(timeZone ? { timeZone } : {}) }), [expr, now, locale, timeZone]);
  switch (preview.kind) {
    case 'empty':
      return (
        <Text size="xs" c="dimmed" data-testid="cron-preview">
          {t('task.preview.empty')}
        </Text>
      );
    case 'invalid': {
      const { key, params } = preview.problem;
      const field = params?.field ? t(`task.cron.fields.${params.field}`) : '';
      return (
        <Text size="xs" c="red" data-testid="cron-preview" data-state="invalid">
          {t('task.preview.invalid', { reason: t(key, { ...params, field }) })}
        </Text>
      );
    }
    default:
      return (
        <Alert variant="light" color="blue" p="xs" data-testid="cron-preview" data-state="ok">
          <Text size="xs" fw={500}>
            {t('task.preview.title', { zone: preview.timeZone })}
          </Text>
          <List size="xs" spacing={0}>
            {preview.times.map((time) => (
              <List.Item key={time}>
                <Code>{time}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      );
  }
}

function IntervalField({ form }: { form: FormState<TaskValues> }) {
  const { t } = useTranslation();
  const p = form.getInputProps('interval');
  return (
    <Stack gap={4}>
      <TextInput
        label={t('fields.task.interval')}
        withAsterisk
        value={p.value}
        error={p.error}
        onBlur={p.onBlur}
        onChange={(e) => form.setFieldValue('interval', e.currentTarget.value)}
        maxLength={120}
        placeholder="0 0 8 * * *"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        autoComplete="off"
        spellCheck={false}
        data-testid="field-interval"
      />
      <CronPreviewText expr={p.value} />
    </Stack>
  );
}

/** Write-only: a password input; on edit it holds the server's mask, selected on focus so typing replaces it. */
function AuthValueField({ form, mode }: { form: FormState<TaskValues>; mode: FormMode }) {
  const { t } = useTranslation();
  const p = form.getInputProps('authValue');
  const kept = authValueKept(p.value);
  return (
    <TextInput
      type="password"
      label={t('fields.task.authValue')}
      value={p.value}
      error={p.error}
      onBlur={p.onBlur}
      onChange={(e) => form.setFieldValue('authValue', e.currentTarget.value)}
      onFocus={(e) => kept && e.currentTarget.select()}
      maxLength={2000}
      // Never offered to a password manager, never filled from one.
      autoComplete="new-password"
      aria-description={kept ? t('task.authValueMasked') : undefined}
      description={t(mode === 'edit' ? 'task.authValueHint' : 'task.authValueHintAdd')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid="field-authValue"
    />
  );
}

const fields: FieldDef<TaskValues>[] = [
  { name: 'id', kind: 'readonly', hidden: ({ mode }) => mode === 'add' },
  { name: 'taskName', required: true, maxLength: 100 },
  { name: 'groupName', required: true, maxLength: 100 },
  { name: 'interval', render: (form) => <IntervalField form={form} /> },
  { name: 'apiUrl', required: true, placeholder: 'task.apiUrlPlaceholder' },
  { name: 'authKey', maxLength: 100 },
  { name: 'authValue', render: (form, { mode }) => <AuthValueField form={form} mode={mode} /> },
  { name: 'requestType', kind: 'select', required: true, options: REQUEST_TYPES.map((r) => ({ value: r, label: r })) },
  { name: 'describe', kind: 'textarea', maxLength: 500 },
];

export default function TaskForm() {
  const [params] = useSearchParams();
  // Add and update are separate calls (and separate grants: the add and edit buttons).
  const save = formMode(queryParam(params, 'id')) === 'edit' ? updateTask : addTask;
  return (
    <CrudForm
      entity="task"
      listPath={TASK_LIST_PATH}
      keyParam="id"
      empty={emptyTask}
      fields={fields}
      save={save}
      schema={taskFormSchema}
      load={(id) => call(getTaskById, { id })}
      toValues={taskValues}
      toPayload={taskPayload}
    />
  );
}
