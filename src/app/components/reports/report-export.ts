// Excel export of a report (spec part 1 §2): the same ReportTable the screen shows, written by the shared workbook
// module and saved as `<Report>_<timestamp>.xlsx` through a Blob download. The workbook module (and SheetJS with it)
// is imported on export only, so it stays out of the screens' download.
import { call } from '@/app/api/client';
import { PAGE_SIZE_MAX } from '@/shared/contracts/endpoint';
import type { getSalesDataReportPage, ModelReportQuery, ModelReportResult } from '@/shared/contracts/report';
import { exportFileName, type ReportKind, type ReportTable } from '@/shared/domain/report-table';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds the workbook and hands it to the browser as a download; resolves with the file name. */
export async function downloadReport(kind: ReportKind, table: ReportTable, missingText: string): Promise<string> {
  const { reportWorkbookBytes } = await import('@/shared/domain/report-workbook');
  const bytes = reportWorkbookBytes(table, missingText);
  const name = exportFileName(kind);
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next tasks; the delay only keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

/** Every row of a model report for a filter (the export writes all rows, not the page): pages as large as allowed. */
export async function loadAllModelRows(endpoint: typeof getSalesDataReportPage, input: ModelReportQuery, count: number): Promise<ModelReportResult> {
  const pageSize = Math.min(Math.max(count, 1), PAGE_SIZE_MAX);
  const first = await call(endpoint, { ...input, pageIndex: 1, pageSize });
  const items = [...first.items];
  for (let page = 2; items.length < first.count; page++) {
    const next = await call(endpoint, { ...input, pageIndex: page, pageSize });
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return { ...first, items };
}
