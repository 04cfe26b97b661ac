// A report table as an xlsx workbook (SheetJS, write only): the same header rows with their merges, the same figures
// as the screen, each with its number format (decimals, thousands, red negatives). The screens load this on export,
// the report mails attach it.
import { utils, write, type CellObject, type WorkBook } from 'xlsx';
import { numberFormat, type ReportTable } from './report-table';

export function reportWorkbook(table: ReportTable, missing: string): WorkBook {
  const aoa: Array<Array<CellObject | null>> = [];
  const merges: Array<{ s: { r: number; c: number }; e: { r: number; c: number } }> = [];
  // Header rows: cells covered by an earlier row's rowSpan are skipped, as in an HTML table.
  const taken = new Set<string>();
  table.head.forEach((row, r) => {
    const out: Array<CellObject | null> = [];
    let c = 0;
    for (const cell of row) {
      while (taken.has(`${r}:${c}`)) out[c++] = null;
      out[c] = { t: 's', v: cell.text };
      const cs = cell.colSpan ?? 1;
      const rs = cell.rowSpan ?? 1;
      if (cs > 1 || rs > 1) merges.push({ s: { r, c }, e: { r: r + rs - 1, c: c + cs - 1 } });
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) if (dr || dc) taken.add(`${r + dr}:${c + dc}`);
      for (let dc = 1; dc < cs; dc++) out[c + dc] = null;
      c += cs;
    }
    aoa.push(out);
  });
  for (const row of table.body) {
    aoa.push(
      row.cells.map((cell): CellObject => {
        if (typeof cell.value === 'string') return { t: 's', v: cell.value };
        if (cell.value === null) return { t: 's', v: missing };
        return { t: 'n', v: cell.value, z: numberFormat(cell.decimals ?? 0) };
      }),
    );
  }
  const sheet = utils.aoa_to_sheet(aoa.map((r) => r.map((c) => c ?? { t: 'z' } as CellObject)));
  sheet['!merges'] = merges;
  sheet['!freeze'] = { xSplit: table.fixedColumns, ySplit: table.head.length };
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, table.name.slice(0, 31));
  return book;
}

/** The workbook's bytes (xlsx). SheetJS's type 'array' gives an ArrayBuffer, wrapped here so the type is true. */
export const reportWorkbookBytes = (table: ReportTable, missing: string): Uint8Array =>
  new Uint8Array(write(reportWorkbook(table, missing), { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
