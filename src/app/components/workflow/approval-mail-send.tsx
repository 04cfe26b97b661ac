// The mail-send variant of the approval panel (spec part 3 §2.5, §5, §9): a recipient picker and one button that mails
// the chosen users about the form (mailsend, operate 4, no state change). Recipients are required (msgSelectPersonnel).
import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { showError, showErrorKey, showSuccess } from '@/app/components/feedback/feedback';
import { mailSend } from '@/shared/contracts/workflow';
import { ApprovalRecipients, type Recipient } from './approval-recipients';

/** The mail-send panel's operate value (spec part 3 §9). */
export const MAIL_SEND_OPERATE = 4;

interface Props {
  formType: number;
  formId: number;
  /** Optional text sent with the mail. */
  content?: string;
  onSent?(): void;
}

export function ApprovalMailSend({ formType, formId, content = '', onSent }: Props) {
  const { t } = useTranslation();
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (busy) return;
    if (recipients.length === 0) return showErrorKey('errors.msgSelectPersonnel');
    setBusy(true);
    try {
      await call(mailSend, { formType, formId, operates: MAIL_SEND_OPERATE, checkContent: content, userNumbers: recipients.map((r) => r.number).join(',') });
      showSuccess('workflow.panel.mail.sent');
      setRecipients([]);
      onSent?.();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="approval-mail-send">
      <Stack gap="sm">
        <Title order={4}>{t('workflow.panel.mail.title')}</Title>
        <ApprovalRecipients value={recipients} onChange={setRecipients} label={t('workflow.panel.mail.recipients')} disabled={busy} />
        <Group>
          <Button loading={busy} onClick={() => void send()} data-testid="approval-mail-send-button">
            {t('workflow.panel.mail.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
