// Pure helpers of the mail-record list: times as local date and time, and the colour of an outbox state.
import dayjs from 'dayjs';
import type { MailStatus } from '@/shared/contracts/mail-record';

export const MAIL_RECORD_PAGE_SIZE = 50;

/** An ISO time as local date and time ('' when none or unreadable). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : '';
}

export const STATUS_COLOR: Record<MailStatus, string> = { queued: 'blue', sent: 'green', failed: 'red', recorded: 'gray' };
