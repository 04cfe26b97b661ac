// The total, daily and Monday report screens (spec part 1 §2 Reports; DESIGN §7 report rows): year-month (current
// by default) and the fixed country (the total report: OIH; daily and Monday: the consolidated report for head office,
// the own company for a subsidiary), Search, Export to Excel, and on daily and Monday the E-mail button, which mails
// the report of the shown filter to the configured recipients. The reply is drawn by gridTable + ReportTableView, the
// export writes the same table.
import { useMemo, useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { call } from '@/app/api/client';
import { nameNumber } from '@/app/components/crud/lookups';
import { showError, showErrorKey, showSuccess } from '@/app/components/feedback/feedback';
import { initialReportCountry, mayLoadReport } from '@/app/components/reports/report-access';
import { downloadReport } from '@/app/components/reports/report-export';
import { FixedCountryField, MonthFilter, ReportFilterBar, yearMonthOf } from '@/app/components/reports/report-filters';
import { InfoNotice, MissingRatesNotice, NotAllowedNotice, OfflineFiguresNotice } from '@/app/components/reports/report-notices';
import { ReportTableView } from '@/app/components/reports/report-table-view';
import { useReportQuery } from '@/app/components/reports/use-report-query';
import { useReportState } from '@/app/components/reports/use-report-state';
import { OfflineState } from '@/app/components/shell/status-page';
import '@/app/components/sales/sales-screen.css';
import { useSession } from '@/app/session/session';
import type { dailyReportTaskOptions, getSumReportData, ReportRow } from '@/shared/contracts/report';
import { HEAD_OFFICE } from '@/shared/domain/constants';
import { ALL_COMPANIES } from '@/shared/domain/report';
import { gridTable, type Translate } from '@/shared/domain/report-table';
import { validYearMonth } from './report-logic';

export interface GridReportScreenProps {
  kind: 'total' | 'daily' | 'monday';
  endpoint: typeof getSumReportData;
  /** The total report is always the consolidated one (OIH); daily and Monday show the user's initial country. */
  country: 'headOffice' | 'initial';
  /** The mail call of the E-mail button (daily and Monday reports). */
  mail?: typeof dailyReportTaskOptions;
}

/** Companies of the reply whose rate for the month is missing, as "name (number)". */
export function missingRateCompanies(rows: readonly ReportRow[]): string[] {
  const out = new Map<string, string>();
  for (const g of rows[0]?.salesDateDay ?? [])
    for (const a of g.salesAmountSum) if (a.company !== ALL_COMPANIES && a.exchangeRate === null) out.set(a.company, nameNumber(a.companyName, a.company));
  return [...out.values()];
}

const hasColumns = (rows: readonly ReportRow[]) => rows.some((r) => r.salesDateDay.some((g) => g.salesAmountSum.length > 0));
const allZero = (rows: readonly ReportRow[]) => rows.every((r) => r.salesDateDay.every((g) => g.salesAmountSum.every((a) => a.uploadAmount === 0)));

export function GridReportScreen({ kind, endpoint, country: countryMode, mail }: GridReportScreenProps) {
  const { t } = useTranslation();
  const tr: Translate = useMemo(() => (key, params) => t(key, params), [t]);
  const session = useSession();
  const country = countryMode === 'headOffice' ? HEAD_OFFICE : initialReportCountry(session);
  const defaults = useMemo(() => ({ yearMonth: yearMonthOf() }), []);
  const st = useReportState({ defaults });
  const yearMonth = validYearMonth(st.filters.yearMonth) ?? defaults.yearMonth;
  const allowed = mayLoadReport(session, country);
  const input = useMemo(() => ({ yearMonth, country }), [yearMonth, country]);
  const r = useReportQuery({ report: kind, endpoint, input, enabled: allowed });
  const rows = r.data;
  const table = useMemo(() => (rows ? gridTable(kind, rows, tr) : null), [rows, kind, tr]);
  const filterText = !country || country.toUpperCase() === HEAD_OFFICE ? t('reports.filters.consolidated') : country;
  const [exporting, setExporting] = useState(false);
  const [mailing, setMailing] = useState(false);

  const onExport = async () => {
    if (!table) return;
    setExporting(true);
    try {
      await downloadReport(kind, table, t('reports.noRate'));
    } catch {
      showErrorKey('reports.exportFailed');
    } finally {
      setExporting(false);
    }
  };

  const onEmail = async () => {
    if (!mail) return;
    setMailing(true);
    try {
      const sent = await call(mail, { yearMonth, country });
      showSuccess('reports.mailSent', { count: sent.length, to: sent.map((m) => m.to).join(', ') });
    } catch (err) {
      showError(err);
    } finally {
      setMailing(false);
    }
  };

  const offlineWithout = r.offline && !rows;
  const empty = rows && !hasColumns(rows) ? t('reports.empty.grid', { filter: filterText, month: yearMonth }) : r.failed && !r.offline ? t('crud.noData') : null;
  return (
    <Stack gap="sm" className="sd-sales" data-testid={`report-screen-${kind}`}>
      <ReportFilterBar
        onSearch={st.search}
        onExport={() => void onExport()}
        exportDisabled={!table || !!empty || r.loading}
        exporting={exporting}
        onEmail={mail ? () => void onEmail() : undefined}
        mailing={mailing}
        emailDisabled={!allowed}
      >
        <MonthFilter value={validYearMonth(st.draft.yearMonth) ?? yearMonth} onChange={(v) => st.setDraft({ yearMonth: v })} />
        <FixedCountryField value={country} />
      </ReportFilterBar>
      {!allowed && <NotAllowedNotice company={session?.companyNumber ?? null} />}
      {r.loadedAt !== null && <OfflineFiguresNotice loadedAt={r.loadedAt} onRetry={r.retry} busy={r.busy} />}
      {rows && <MissingRatesNotice month={yearMonth} companies={missingRateCompanies(rows)} />}
      {rows && hasColumns(rows) && allZero(rows) && <InfoNotice testId="report-all-zero" text={t('reports.allZero', { filter: filterText, month: yearMonth })} />}
      {offlineWithout ? (
        <Paper withBorder>
          <OfflineState compact onRetry={r.retry} busy={r.busy} />
        </Paper>
      ) : (
        allowed && <ReportTableView table={table} loading={r.loading} empty={empty} />
      )}
    </Stack>
  );
}
