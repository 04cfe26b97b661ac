// The approval panel embedded in a form (spec part 3 §2.4; DESIGN §10): loads getworkflowinfo for the form; with one
// step or none it shows an error result titled with the workflow message; otherwise the action form (only when the
// server allows the caller something: a comment of at most 1000 characters, the recipients of a transfer or copy, and
// exactly the allowed buttons) above the timeline. Recall, withdraw and both returns ask first; transfer and copy
// need recipients (msgSelectPersonnel). After a success it says so, reloads its own data and tells the page
// (onChanged) so the form reloads its record, or goes to `targetUrl`. Needs the network: offline it says so and the
// form around it keeps working (DESIGN §6).
import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, call } from '@/app/api/client';
import { useConfirm } from '@/app/components/crud/confirm-dialog';
import { errorText, showError, showErrorKey, showSuccess } from '@/app/components/feedback/feedback';
import { checkWorkflow, getWorkflowInfo, type Operate, type WorkflowInfo } from '@/shared/contracts/workflow';
import { actionPayload, allowedButtons, hasFlow, isResubmit, MAX_CHECK_CONTENT, needsConfirm, needsRecipients, operateKey } from './approval-logic';
import { ApprovalRecipients, type Recipient } from './approval-recipients';
import { ApprovalTimeline } from './approval-timeline';

interface Props {
  formType: number;
  formId: number;
  /** Called after a successful operation (the page reloads its record). */
  onChanged?(): void;
  /** Where to go after a successful operation instead of staying (spec part 3 §2.4). */
  targetUrl?: string;
}

/** The react-query key of a form's approval info; pages invalidate it to reload the panel. */
export const workflowInfoKey = (formType: number, formId: number) => ['workflowInfo', formType, formId] as const;

const isNetwork = (err: unknown) => err instanceof ApiError && err.kind === 'network';

export function ApprovalPanel({ formType, formId, onChanged, targetUrl }: Props) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const queryClient = useQueryClient();
  const key = workflowInfoKey(formType, formId);
  const q = useQuery({
    queryKey: key,
    // No global routing: a panel that cannot load (no grant, an older server) must not take the user off the form.
    queryFn: ({ signal }) => call(getWorkflowInfo, { formType, formId }, { signal, noGlobalRouting: true }),
    enabled: online && formId > 0,
  });

  const offline = !online || isNetwork(q.error);
  let body;
  if (offline) {
    body = (
      <Alert color="gray" variant="light" data-testid="approval-offline">
        {t('workflow.panel.offline')}
      </Alert>
    );
  } else if (q.isPending) {
    body = (
      <Group justify="center" p="sm">
        <Loader size="sm" data-testid="approval-loading" />
      </Group>
    );
  } else if (q.error && !(q.error instanceof ApiError && q.error.kind === 'refusal')) {
    body = (
      <Alert color="red" variant="light" data-testid="approval-load-error">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{errorText(q.error)}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void q.refetch()}>
            {t('workflow.panel.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (q.error || !q.data || !hasFlow(q.data)) {
    // A refusal (no instance: workflowNotExist) or a timeline of one step or none: the error result (spec part 3 §2.4).
    body = (
      <Alert color="orange" variant="light" title={q.error ? errorText(q.error) : t('errors.workflowNotExist')} data-testid="approval-error">
        {t('workflow.panel.noFlow')}
      </Alert>
    );
  } else {
    body = (
      <ApprovalBody
        info={q.data}
        formType={formType}
        formId={formId}
        onDone={async () => {
          await queryClient.invalidateQueries({ queryKey: key });
          onChanged?.();
        }}
        targetUrl={targetUrl}
      />
    );
  }

  return (
    <Paper withBorder p="md" data-testid="approval-panel">
      <Stack gap="sm">
        <Title order={4}>{t('workflow.panel.title')}</Title>
        {body}
      </Stack>
    </Paper>
  );
}

interface BodyProps {
  info: WorkflowInfo;
  formType: number;
  formId: number;
  onDone(): Promise<void>;
  targetUrl?: string;
}

function ApprovalBody({ info, formType, formId, onDone, targetUrl }: BodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [content, setContent] = useState('');
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [busy, setBusy] = useState<Operate | null>(null);
  const buttons = allowedButtons(info.workFlowOperates);
  const resubmit = isResubmit(info);
  const withRecipients = buttons.some(needsRecipients);

  const run = async (code: Operate) => {
    if (busy) return;
    if (needsRecipients(code) && recipients.length === 0) return showErrorKey('errors.msgSelectPersonnel');
    if (needsConfirm(code) && !(await confirm(t(`workflow.panel.confirm.${code}`)))) return;
    setBusy(code);
    try {
      await call(checkWorkflow, actionPayload(code, { formType, formId, content, recipients: recipients.map((r) => r.number) }));
      showSuccess('workflow.panel.done', { operation: t(operateKey(code, resubmit)) });
      setContent('');
      setRecipients([]);
      if (targetUrl) navigate(targetUrl);
      else await onDone();
    } catch (err) {
      // Refusals (workflowCannotOperate, cannotRecallOperated, …) come translated as errors.<msg>.
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      {buttons.length > 0 && (
        <Stack gap="sm" data-testid="approval-form">
          <Textarea
            label={t('workflow.panel.content')}
            placeholder={t('workflow.panel.contentPlaceholder')}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value.slice(0, MAX_CHECK_CONTENT))}
            maxLength={MAX_CHECK_CONTENT}
            rows={4}
            resize="vertical"
            description={
              <span data-testid="approval-content-count">
                {content.length} / {MAX_CHECK_CONTENT}
              </span>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="approval-content"
          />
          {withRecipients && <ApprovalRecipients value={recipients} onChange={setRecipients} label={t('workflow.panel.recipients')} disabled={busy !== null} />}
          <Group gap="xs" wrap="wrap">
            {buttons.map((code) => (
              <Button
                key={code}
                color={code === '2' || code === '1' ? 'blue' : code === '3' || code === '3_1' ? 'orange' : code.startsWith('-') ? 'red' : 'gray'}
                variant={code === '2' || code === '1' ? 'filled' : 'light'}
                loading={busy === code}
                disabled={busy !== null && busy !== code}
                onClick={() => void run(code)}
                data-testid={`approval-op-${code}`}
              >
                {t(operateKey(code, resubmit))}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <ApprovalTimeline info={info} />
      {dialog}
    </Stack>
  );
}
