// /MailRecordList (spec part 3 §2.7, §9; DESIGN §11): search by PO number; columns sent/added time, sender, addressee,
// subject, PO number, SAP/T9 number, and the result as the outbox state (queued with its attempts, last error and next
// attempt; sent; failed with the last error; recorded without SMTP). 50 a page (10/25/50/75/100). Resend per row queues the
// mail again and, for a mail about a form, goes to that form through the form-type registry (DESIGN §11; the spec's
// /POOIHCheck is a form this product does not have); other mails stay and the row shows queued. The PO number of a
// mail about a form links to it. Reset mails cannot be resent (their token is stored masked), so they have no Resend.
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { call } from '@/app/api/client';
import { CrudList } from '@/app/components/crud/crud-list';
import type { FilterDef } from '@/app/components/crud/filters';
import { showError, showSuccess } from '@/app/components/feedback/feedback';
import { NoWrap } from '@/app/components/sales/no-wrap';
import { getMailRecordPage, resendMailRecord, type MailRecordItem } from '@/shared/contracts/mail-record';
import { formTypeOf } from '@/shared/domain/workflow';
import { formatTime, MAIL_RECORD_PAGE_SIZE, STATUS_COLOR } from './mail-record-logic';

/** The screen of the form a mail is about (form-type registry), or null. */
const formLink = (r: MailRecordItem) => {
  const route = r.formType === null || r.formId === null ? null : formTypeOf(r.formType)?.route;
  return route ? `${route}?id=${r.formId}` : null;
};

const filters: FilterDef[] = [{ kind: 'text', key: 'poNumber', label: 'fields.mailRecord.poNumber' }];

function Status({ r }: { r: MailRecordItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="mail-status">
      <Badge variant="light" color={STATUS_COLOR[r.status]} style={{ minWidth: 'max-content' }} title={r.status === 'recorded' ? t('mailRecord.recordedHint') : undefined}>
        {t(`mailRecord.status.${r.status}`)}
      </Badge>
      {r.attempts > 0 && (r.status === 'queued' || r.status === 'failed') ? <Text size="xs">{t('mailRecord.attempts', { n: r.attempts })}</Text> : null}
      {r.status === 'queued' && r.nextAttemptAt && r.attempts > 0 ? (
        <Text size="xs" c="dimmed">
          {t('mailRecord.nextAttempt', { time: formatTime(r.nextAttemptAt) })}
        </Text>
      ) : null}
      {r.lastError ? (
        <Text size="xs" c="red" style={{ wordBreak: 'break-word' }} data-testid="mail-last-error">
          {r.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}

export default function MailRecordList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudList
      screen="MailRecordList"
      entity="mailRecord"
      endpoint={getMailRecordPage}
      filters={filters}
      pageSize={MAIL_RECORD_PAGE_SIZE}
      rowKey="id"
      columns={[
        {
          key: 'addTime',
          render: (r) => (
            <Stack gap={2}>
              <NoWrap>{formatTime(r.addTime)}</NoWrap>
              {r.sentAt && r.sentAt !== r.addTime ? (
                <Text size="xs" c="dimmed">
                  <NoWrap>{t('mailRecord.sentAt', { time: formatTime(r.sentAt) })}</NoWrap>
                </Text>
              ) : null}
            </Stack>
          ),
        },
        { key: 'addUserName' },
        {
          key: 'addresSeeName',
          render: (r) => (
            <Stack gap={0}>
              {r.addresSeeName ? <Text size="sm">{r.addresSeeName}</Text> : null}
              <Text size="xs" c="dimmed">
                {r.addresSeeEmail}
              </Text>
            </Stack>
          ),
        },
        { key: 'subject' },
        {
          key: 'poNumber',
          render: (r) => {
            const to = formLink(r);
            return to ? (
              <Anchor component={Link} to={to} size="sm" data-testid="mail-form-link">
                {r.poNumber || `#${r.formId}`}
              </Anchor>
            ) : (
              r.poNumber
            );
          },
        },
        { key: 'sapT9Number' },
        { key: 'content', render: (r) => <Status r={r} /> },
      ]}
      rowActions={[
        {
          key: 'resend',
          label: 'mailRecord.resend',
          hidden: (r) => !r.resendable,
          run: (r, reload) =>
            void call(resendMailRecord, { id: r.id }).then(
              () => {
                showSuccess('mailRecord.resent', { to: r.addresSeeEmail });
                const to = formLink(r);
                if (to) navigate(to);
                else reload();
              },
              (err: unknown) => showError(err),
            ),
        },
      ]}
    />
  );
}
