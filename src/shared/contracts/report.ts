// Sales report calls (spec part 1 §2 Reports, §3 report rows, §7; DESIGN §7). Every figure is the server's, computed
// from stored data; the derived rows (ratios, differences) and the total columns come from the shared report maths
// (domain/report.ts), which the screens and the Excel export use as well. Country scope: a subsidiary user may load
// only their own country; the consolidated reports (country OIH or blank) are for OIH users and admin.
import { z } from 'zod';
import { get, listParams, PAGE_SIZE_MAX } from './endpoint';
import { int, optInt, optText } from './fields';
import { periodText } from './sales-data';

/** Filters of the two model reports. Type: CHAIR, FOOT, OTHES; level: High, Mid, Low; model: the product model's id. */
export const modelReportQuery = listParams.extend({
  /** Reports page by 20 unless told otherwise (spec part 1 §9). */
  pageSize: int(1, PAGE_SIZE_MAX).default(20),
  yearMonth: periodText,
  /** A company number; blank = every country of the caller's scope (OIH users, admin). */
  country: optText,
  type: optText,
  modelLevel: optText,
  model: optInt,
});
export type ModelReportQuery = z.input<typeof modelReportQuery>;

/** A day of a model row. */
export const modelReportDay = z.object({ salesDataDate: z.string(), uploadQuantity: z.number(), uploadAmount: z.number().nullable() });

/** A row of the sales data report and the target analysis report: one product model of the month. */
export const modelReportRow = z.object({
  modelId: z.number(),
  dataType: z.string(),
  modelLevel: z.string(),
  modelName: z.string(),
  /** Released rule-1 target quantity (target analysis report; 0 in the sales data report). */
  targetQuantity: z.number(),
  totalQuantity: z.number(),
  /** Sum of the uploaded amounts: in the country's currency, in RMB when several countries are summed; null when a rate is missing. */
  totalAmount: z.number().nullable(),
  /** totalQuantity − targetQuantity (target analysis report). */
  gap: z.number(),
  salesDataDetailSubs: z.array(modelReportDay),
});
export type ModelReportRow = z.infer<typeof modelReportRow>;

export const modelReportResult = z.object({
  /** The page of rows. */
  items: z.array(modelReportRow),
  /** All rows (the pager's total). */
  count: z.number(),
  /** The summary row: every numeric column summed over all rows, not only the page. */
  summary: modelReportRow.omit({ modelId: true, dataType: true, modelLevel: true, modelName: true }),
  /** Every day of the month, "YYYY-MM-DD" (the day columns). */
  days: z.array(z.string()),
  /** The currency of totalAmount (a local currency, or RMB when several countries are summed). */
  currency: z.string(),
  /** Companies whose rate for the month is missing (only when amounts are converted). */
  missingRates: z.array(z.string()),
});
export type ModelReportResult = z.infer<typeof modelReportResult>;

export const getSalesDataReportPage = get('/api/SalesDataReport/GetReportPage', modelReportQuery, modelReportResult);
export const getTargetAnalysisReportPage = get('/api/SalesTargetAnalysisReport/GetReportPage', modelReportQuery, modelReportResult);

/** Filters of the total, daily and Monday reports. Country blank or OIH = consolidated (every company in scope). */
export const gridReportQuery = z.object({ yearMonth: periodText, country: optText });
export type GridReportQuery = z.input<typeof gridReportQuery>;

/** One company's cell of a column: the figure in RMB (units for quantity rows), null when its rate is missing. */
export const reportAmount = z.object({
  company: z.string(),
  companyName: z.string(),
  /** The company's currency. */
  currency: z.string(),
  /** Local units per 1 RMB for the month; null when missing (never taken as 1). 1 for an RMB company. */
  exchangeRate: z.number().nullable(),
  uploadAmount: z.number().nullable(),
});
export type ReportAmount = z.infer<typeof reportAmount>;

/** A column group: a day ("YYYY-MM-DD"), a week (its Monday, Monday report) or the total ("total"). */
export const reportDay = z.object({ dateDay: z.string(), salesAmountSum: z.array(reportAmount) });
export type ReportDay = z.infer<typeof reportDay>;

/** A report row (spec part 1 §3): fileName is the row's label key (reports.rows.<key>). */
export const reportRow = z.object({ fileName: z.string(), salesDateDay: z.array(reportDay) });
export type ReportRow = z.infer<typeof reportRow>;

export const getSumReportData = get('/api/SalesTargetAnalysisReport/GetSumReportData', gridReportQuery, z.array(reportRow));
export const getDailyData = get('/api/SalesTargetAnalysisReport/GetDailyData', gridReportQuery, z.array(reportRow));
export const getMondayData = get('/api/SalesTargetAnalysisReport/GetMondayData', gridReportQuery, z.array(reportRow));

/** What a report mail did: the recipients and the recorded mail ids (DESIGN §7; the scheduled tasks call these too). */
export const reportMailResult = z.array(z.object({ mailRecordId: z.number(), to: z.string(), subject: z.string(), attachment: z.string() }));
/** Mail the daily report (today's month) to REPORT_MAIL_TO; yearMonth and country are optional (the screen sends its filter). */
export const dailyReportTaskOptions = get('/api/TaskWork/DailyReportTaskOptions', z.object({ yearMonth: periodText.optional(), country: optText }), reportMailResult);
/** Mail the Monday report likewise. */
export const reportTaskOptions = get('/api/TaskWork/ReportTaskOptions', z.object({ yearMonth: periodText.optional(), country: optText }), reportMailResult);
