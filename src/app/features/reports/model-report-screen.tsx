// The sales data report and the target analysis report (spec part 1 §2 Reports; DESIGN §7): year-month (current by
// default), country (every country for head office, locked to their own for a subsidiary), type, level and model
// (cascading), Search and Export to Excel; a page of model rows (20 by default) with the summary row over all rows
// from the reply. The export loads every row for the filter and writes the same table (modelTable).
import { useMemo, useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/app/api/client';
import { useLookup } from '@/app/components/crud/lookups';
import { showError, showErrorKey } from '@/app/components/feedback/feedback';
import { initialReportCountry, mayLoadReport } from '@/app/components/reports/report-access';
import { downloadReport, loadAllModelRows } from '@/app/components/reports/report-export';
import { CountryFilter, ModelFilters, modelChoices, MonthFilter, ReportFilterBar, yearMonthOf } from '@/app/components/reports/report-filters';
import { MissingRatesNotice, NotAllowedNotice, OfflineFiguresNotice } from '@/app/components/reports/report-notices';
import { ReportPager } from '@/app/components/reports/report-pager';
import { ReportTableView } from '@/app/components/reports/report-table-view';
import { useReportQuery } from '@/app/components/reports/use-report-query';
import { useReportState } from '@/app/components/reports/use-report-state';
import { lockedCountry } from '@/app/components/sales/country-select';
import '@/app/components/sales/sales-screen.css';
import { OfflineState } from '@/app/components/shell/status-page';
import { useSession } from '@/app/session/session';
import type { getSalesDataReportPage, ModelReportQuery } from '@/shared/contracts/report';
import { modelTable, type Translate } from '@/shared/domain/report-table';
import { filterWords, validYearMonth } from './report-logic';

export interface ModelReportScreenProps {
  kind: 'salesData' | 'targetAnalysis';
  endpoint: typeof getSalesDataReportPage;
}

/** Spec part 1 §9: reports show 20 rows a page by default. */
export const REPORT_PAGE_SIZE = 20;

export function ModelReportScreen({ kind, endpoint }: ModelReportScreenProps) {
  const { t } = useTranslation();
  const tr: Translate = useMemo(() => (key, params) => t(key, params), [t]);
  const session = useSession();
  const locked = lockedCountry(session);
  const initialCountry = initialReportCountry(session);
  const defaults = useMemo(() => ({ yearMonth: yearMonthOf(), country: initialCountry, type: '', modelLevel: '', model: '' }), [initialCountry]);
  const forced = useMemo(() => (locked ? { country: locked } : undefined), [locked]);
  const st = useReportState({ defaults, pageSize: REPORT_PAGE_SIZE, forced });
  const f = st.filters;
  const yearMonth = validYearMonth(f.yearMonth) ?? defaults.yearMonth;
  const allowed = mayLoadReport(session, f.country);
  const query: ModelReportQuery = useMemo(
    () => ({
      yearMonth,
      country: f.country,
      type: f.type || undefined,
      modelLevel: f.modelLevel || undefined,
      model: Number(f.model) > 0 ? Number(f.model) : undefined,
    }),
    [yearMonth, f.country, f.type, f.modelLevel, f.model],
  );
  const input = useMemo(() => ({ ...query, pageIndex: st.pageIndex, pageSize: st.pageSize }), [query, st.pageIndex, st.pageSize]);
  const r = useReportQuery({ report: kind, endpoint, input, enabled: allowed });
  const data = r.data;
  const table = useMemo(() => (data ? modelTable(kind, data, tr) : null), [data, kind, tr]);
  const [exporting, setExporting] = useState(false);

  // The words of the empty state: the chosen country (or all), type, level and model (its name, once known).
  const { options: models } = useLookup(modelChoices(f.type, f.modelLevel), !!f.model);
  const modelName = f.model ? (models.find((o) => o.value === f.model)?.label ?? f.model) : '';
  const filterText = filterWords(f.country || t('reports.filters.allCountries'), f.type, f.modelLevel, modelName);

  const onExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      // A page that already holds every row is written as it is (also offline); otherwise every row is loaded.
      const all = data.count <= data.items.length ? data : await loadAllModelRows(endpoint, query, data.count);
      await downloadReport(kind, modelTable(kind, all, tr), t('reports.noRate'));
    } catch (err) {
      if (err instanceof ApiError) showError(err);
      else showErrorKey('reports.exportFailed');
    } finally {
      setExporting(false);
    }
  };

  const offlineWithout = r.offline && !data;
  const empty = data && data.count === 0 ? t(`reports.empty.${kind}`, { filter: filterText, month: yearMonth }) : r.failed && !r.offline ? t('crud.noData') : null;
  return (
    <Stack gap="sm" className="sd-sales" data-testid={`report-screen-${kind}`}>
      <ReportFilterBar onSearch={st.search} onExport={() => void onExport()} exportDisabled={!table || !!empty || r.loading} exporting={exporting}>
        <MonthFilter value={validYearMonth(st.draft.yearMonth) ?? yearMonth} onChange={(v) => st.setDraft({ yearMonth: v })} />
        <CountryFilter value={st.draft.country ?? ''} onChange={(v) => st.setDraft({ country: v })} />
        <ModelFilters
          values={{ type: st.draft.type ?? '', modelLevel: st.draft.modelLevel ?? '', model: st.draft.model ?? '' }}
          onChange={(v) => st.setDraft({ ...v })}
        />
      </ReportFilterBar>
      {!allowed && <NotAllowedNotice company={session?.companyNumber ?? null} />}
      {r.loadedAt !== null && <OfflineFiguresNotice loadedAt={r.loadedAt} onRetry={r.retry} busy={r.busy} />}
      {data && <MissingRatesNotice month={yearMonth} companies={data.missingRates} />}
      {offlineWithout ? (
        <Paper withBorder>
          <OfflineState compact onRetry={r.retry} busy={r.busy} />
        </Paper>
      ) : (
        allowed && (
          <>
            <ReportTableView table={table} loading={r.loading} empty={empty} />
            {data && data.count > 0 && (
              <ReportPager page={st.pageIndex} pageSize={st.pageSize} count={data.count} onPage={st.setPage} onPageSize={st.setPageSize} />
            )}
          </>
        )
      )}
    </Stack>
  );
}
