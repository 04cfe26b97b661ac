// A report as a table: header rows (with spans and pink weekend cells) and body rows of figures rounded as shown.
// The report screens render it, the Excel export writes it cell for cell (report-workbook.ts) and the report mails put
// it in their HTML body, so the three always show the same figures. Labels come through the caller's translate function.
import type { ModelReportResult, ModelReportRow, ReportRow } from '../contracts/report';
import { ALL_COMPANIES, decimalsOf, isWeekend, ROWS_OF, shown, TOTAL, type Cell, type GridReportKind } from './report';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface HeadCell {
  text: string;
  colSpan?: number;
  rowSpan?: number;
  /** A weekend day (spec: pink header cells). */
  pink?: boolean;
}

export interface BodyCell {
  /** A label (string), or a figure already rounded to `decimals`; null = missing (no exchange rate). */
  value: string | Cell;
  decimals?: number;
}

export interface BodyRow {
  cells: BodyCell[];
  highlight?: boolean;
  summary?: boolean;
}

export interface ReportTable {
  /** The report's name: the sheet name and the export file's prefix. */
  name: string;
  head: HeadCell[][];
  body: BodyRow[];
  /** Leading columns that stay in view while the table scrolls sideways. */
  fixedColumns: number;
}

/** The file name prefix of each report's export (spec part 1 §2: the total report's starts with SalesTargetTotal). */
export const EXPORT_NAME = {
  salesData: 'SalesDataReport',
  targetAnalysis: 'SalesTargetAnalysisReport',
  total: 'SalesTargetTotal',
  daily: 'DailyDataReport',
  monday: 'MondayDataReport',
} as const;
export type ReportKind = keyof typeof EXPORT_NAME;

/** "SalesTargetTotal_20261124_093015.xlsx" */
export function exportFileName(kind: ReportKind, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}_${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${EXPORT_NAME[kind]}_${stamp}.xlsx`;
}

/** The text a cell shows: thousands separators, its decimals, the missing-rate text for null. */
export function cellText(cell: BodyCell, missing: string): string {
  if (typeof cell.value === 'string') return cell.value;
  if (cell.value === null) return missing;
  const d = cell.decimals ?? 0;
  return cell.value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** The Excel number format of a figure cell: the same decimals, negatives red. */
export const numberFormat = (decimals: number) => {
  const f = decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  return `${f};[Red]-${f}`;
};

export const isNegative = (cell: BodyCell) => typeof cell.value === 'number' && cell.value < 0;

const mmdd = (date: string) => date.slice(5);
const fig = (value: Cell, decimals: number): BodyCell => ({ value: shown(value, decimals), decimals });

/** The total, daily and Monday reports: the row label, then one cell per company of each day (or week), then the totals. */
export function gridTable(kind: Exclude<ReportKind, 'salesData' | 'targetAnalysis'>, rows: readonly ReportRow[], t: Translate): ReportTable {
  const defs = ROWS_OF[kind as GridReportKind];
  const first = rows[0];
  const head: HeadCell[][] = [[{ text: t('reports.columns.item'), rowSpan: 2 }], []];
  for (const group of first?.salesDateDay ?? []) {
    const isTotal = group.dateDay === TOTAL;
    const text = isTotal
      ? t('reports.columns.total')
      : kind === 'monday'
        ? t('reports.columns.weekOf', { date: mmdd(group.dateDay) })
        : `${mmdd(group.dateDay)} ${t(`reports.weekdays.${new Date(`${group.dateDay}T00:00:00Z`).getUTCDay()}`)}`;
    const pink = !isTotal && kind !== 'monday' && isWeekend(group.dateDay);
    head[0].push({ text, colSpan: group.salesAmountSum.length, pink });
    for (const a of group.salesAmountSum) {
      const rate = a.company === ALL_COMPANIES ? '' : a.exchangeRate === null ? t('reports.noRate') : String(a.exchangeRate);
      head[1].push({ text: a.company === ALL_COMPANIES ? t('reports.columns.allCompanies') : `${a.company} ${rate}`.trim(), pink });
    }
  }
  const body = rows.map((row, r) => {
    const def = defs[r];
    const decimals = def ? decimalsOf(def) : 0;
    const cells: BodyCell[] = [{ value: t(`reports.rows.${row.fileName}`) }];
    for (const group of row.salesDateDay) for (const a of group.salesAmountSum) cells.push(fig(a.uploadAmount, decimals));
    return { cells, highlight: def?.highlight };
  });
  return { name: EXPORT_NAME[kind], head, body, fixedColumns: 1 };
}

/**
 * The sales data report and the target analysis report: type, level, model, (target, total, gap for the analysis),
 * one column per day (the uploaded quantity), (total quantity and amount for the data report), then the summary row
 * to two decimals.
 */
export function modelTable(kind: 'salesData' | 'targetAnalysis', result: Pick<ModelReportResult, 'items' | 'summary' | 'days' | 'currency'>, t: Translate): ReportTable {
  const analysis = kind === 'targetAnalysis';
  const h = (key: string, params?: Record<string, string | number>): HeadCell => ({ text: t(`reports.columns.${key}`, params) });
  const dayHead = result.days.map((d) => ({ text: `${mmdd(d)} ${t(`reports.weekdays.${new Date(`${d}T00:00:00Z`).getUTCDay()}`)}`, pink: isWeekend(d) }));
  const head: HeadCell[][] = [
    [
      h('type'),
      h('level'),
      h('model'),
      ...(analysis ? [h('targetQuantity'), h('totalQuantity'), h('gap')] : []),
      ...dayHead,
      ...(analysis ? [] : [h('totalQuantity'), h('totalAmount', { currency: result.currency })]),
    ],
  ];
  const figures = (r: Pick<ModelReportRow, 'targetQuantity' | 'totalQuantity' | 'gap' | 'totalAmount' | 'salesDataDetailSubs'>, decimals: number, qtyDecimals: number) => {
    const byDay = new Map(r.salesDataDetailSubs.map((s) => [s.salesDataDate, s.uploadQuantity]));
    const days = result.days.map((d) => fig(byDay.get(d) ?? 0, qtyDecimals));
    return analysis
      ? [fig(r.targetQuantity, qtyDecimals), fig(r.totalQuantity, qtyDecimals), fig(r.gap, qtyDecimals), ...days]
      : [...days, fig(r.totalQuantity, qtyDecimals), fig(r.totalAmount, decimals)];
  };
  const body: BodyRow[] = result.items.map((r) => ({
    cells: [{ value: r.dataType }, { value: r.modelLevel }, { value: r.modelName }, ...figures(r, 2, 0)],
  }));
  body.push({ summary: true, cells: [{ value: t('reports.summary') }, { value: '' }, { value: '' }, ...figures(result.summary, 2, 2)] });
  return { name: EXPORT_NAME[kind], head, body, fixedColumns: 3 };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The table as HTML for a mail body: inline styles only (mail clients drop style sheets). */
export function tableHtml(table: ReportTable, missing: string): string {
  const th = (c: HeadCell) =>
    `<th${c.colSpan && c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ''}${c.rowSpan && c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ''} style="border:1px solid #ccc;padding:2px 6px;background:${c.pink ? '#ffd6e0' : '#f1f3f5'}">${escapeHtml(c.text)}</th>`;
  const td = (c: BodyCell, row: BodyRow) => {
    const color = isNegative(c) ? 'color:#e03131;' : row.highlight ? 'color:#c92a2a;' : '';
    const align = typeof c.value === 'string' ? 'left' : 'right';
    return `<td style="border:1px solid #ccc;padding:2px 6px;text-align:${align};${color}">${escapeHtml(cellText(c, missing))}</td>`;
  };
  const head = table.head.map((r) => `<tr>${r.map(th).join('')}</tr>`).join('');
  const body = table.body
    .map((r) => `<tr style="${r.highlight ? 'background:#d3f9d8;' : ''}${r.summary ? 'font-weight:bold;' : ''}">${r.cells.map((c) => td(c, r)).join('')}</tr>`)
    .join('');
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:12px"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
