// Report mails (TaskWork DailyReportTaskOptions / ReportTaskOptions; issue 8 decisions): the daily or Monday report,
// built as the caller (same access rules as the screens), mailed to every address of REPORT_MAIL_TO with the report
// table as the HTML body, a plain-text summary, and the xlsx export attached. Labels are the English locale's, so the
// mail shows what the English screen shows; the table and the workbook come from the shared report-table and
// report-workbook, so the mail, the attachment and the screen carry the same figures.
import type { z } from 'zod';
import type { reportMailResult } from '@/shared/contracts/report';
import { ALL_COMPANIES, shown, TOTAL, type GridReportKind } from '@/shared/domain/report';
import { cellText, exportFileName, gridTable, tableHtml, type Translate } from '@/shared/domain/report-table';
import { reportWorkbookBytes } from '@/shared/domain/report-workbook';
import englishReports from '../../../../locales/en/reports.json';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { parseMailboxes, type Mailer } from '../../mail/mailer';
import { refuse } from '../../plugins/errors';
import { currentYearMonth, gridFrame, gridRows, type ReportCaller } from './report.service';

type Tree = { [key: string]: string | Tree };

/** `t` over one locale tree: dotted keys, `{{param}}` placeholders; an unknown key is returned as it is. */
export function translator(tree: Tree): Translate {
  return (key, params) => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (params && name in params ? String(params[name]) : all));
  };
}

export const englishT = translator(englishReports as Tree);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TITLE: Record<Exclude<GridReportKind, 'total'>, string> = { daily: 'Daily report', monday: 'Monday report' };

/**
 * Builds the daily or Monday report as the caller and mails it to REPORT_MAIL_TO (code 0 reportMailNoRecipients when
 * none are configured). Access is checked first, so a caller who may not see the report learns nothing of the setting.
 */
export async function mailGridReport(
  db: Db,
  config: Config,
  mailer: Mailer,
  caller: ReportCaller,
  kind: 'daily' | 'monday',
  q: { yearMonth?: string; country?: string },
  now = new Date(),
): Promise<z.infer<typeof reportMailResult>> {
  const yearMonth = q.yearMonth ?? currentYearMonth(now);
  const frame = await gridFrame(db, caller, kind, { yearMonth, country: q.country });
  const recipients = parseMailboxes(config.REPORT_MAIL_TO);
  if (!recipients.length) return refuse('reportMailNoRecipients');
  const rows = await gridRows(db, kind, frame);
  const t = englishT;
  const missing = t('reports.noRate');
  const table = gridTable(kind, rows, t);
  const html = tableHtml(table, missing);
  const attachment = { filename: exportFileName(kind, now), contentType: XLSX_TYPE, content: reportWorkbookBytes(table, missing) };
  const scopeText = frame.companies.length === 1 ? frame.companies[0].number : frame.companies.map((c) => c.number).join(', ') || '-';
  const subject = `SalesDesk ${TITLE[kind]} ${yearMonth} (${frame.companies.length === 1 ? scopeText : 'all companies'})`;
  // The plain-text part: the month's totals of the amount rows (the total column of all companies), then the file.
  const totalColumn = (r: (typeof rows)[number]) => {
    const total = r.salesDateDay.find((d) => d.dateDay === TOTAL);
    const cell = total?.salesAmountSum.find((a) => a.company === ALL_COMPANIES) ?? total?.salesAmountSum[0];
    return cell?.uploadAmount ?? null;
  };
  const lines = table.body.map((b, i) => {
    const value = totalColumn(rows[i]);
    const decimals = b.cells[1]?.decimals ?? 0;
    return `${String(b.cells[0].value)}: ${cellText({ value: shown(value, decimals), decimals }, missing)}`;
  });
  const text = [
    `${TITLE[kind]} for ${yearMonth}`,
    `Companies: ${scopeText}`,
    `Amounts in RMB (quantities in units). ${t('reports.columns.total')}:`,
    ...lines,
    '',
    `The full report is attached (${attachment.filename}).`,
  ].join('\n');
  const out: z.infer<typeof reportMailResult> = [];
  for (const to of recipients) {
    const sent = await mailer.send({
      to: { name: to.name, email: to.address },
      subject,
      text,
      safeText: text,
      html,
      attachments: [attachment],
      from: { number: caller.user.number, name: caller.user.name },
    });
    out.push({ mailRecordId: sent.id, to: to.address, subject, attachment: attachment.filename });
  }
  return out;
}
