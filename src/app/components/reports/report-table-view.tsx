// The one renderer of every report screen: draws a ReportTable (domain/report-table.ts: gridTable or modelTable) as an
// HTML table, header rows with their spans, cell texts from cellText (so the screen, the export and the mail agree
// cell for cell), sticky header rows and fixed first column(s) inside a frame that scrolls both ways, pink weekend
// headers, highlighted and summary rows, red negatives; plus the loading state and the "found nothing" state.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Center, Loader, LoadingOverlay, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/app/components/shell/icons';
import { cellText, isNegative, type HeadCell, type ReportTable } from '@/shared/domain/report-table';
import './report-table.css';

export interface ReportTableViewProps {
  table: ReportTable | null;
  loading?: boolean;
  /** When set, shown instead of the table: what the filter found nothing for. */
  empty?: string | null;
  /** The text of a missing figure; reports.noRate by default. */
  missingText?: string;
}

/** Each header cell's first column, as an HTML table places it (cells under an earlier row's rowSpan are skipped). */
export function headColumns(head: readonly (readonly HeadCell[])[]): number[][] {
  const taken = new Set<string>();
  return head.map((row, r) => {
    let c = 0;
    return row.map((cell) => {
      while (taken.has(`${r}:${c}`)) c++;
      const start = c;
      const cs = cell.colSpan ?? 1;
      const rs = cell.rowSpan ?? 1;
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) taken.add(`${r + dr}:${c + dc}`);
      c += cs;
      return start;
    });
  });
}

interface Offsets {
  left: number[];
  top: number[];
  /** The fixed columns' width together. */
  fixedWidth: number;
}

const sameOffsets = (a: Offsets, b: Offsets) => a.left.join() === b.left.join() && a.top.join() === b.top.join() && a.fixedWidth === b.fixedWidth;

/** Measures the fixed columns' widths and the header rows' heights: the sticky cells' left and top. */
function useStickyOffsets(table: ReportTable | null) {
  const ref = useRef<HTMLTableElement>(null);
  const [offsets, setOffsets] = useState<Offsets>({ left: [], top: [], fixedWidth: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !table) return;
    const measure = () => {
      const fixed = table.fixedColumns;
      const firstRow = el.tBodies[0]?.rows[0];
      const widths: number[] = [];
      for (let c = 0; c < fixed; c++) widths.push(firstRow?.cells[c]?.getBoundingClientRect().width ?? 0);
      const left: number[] = [];
      const fixedWidth = widths.reduce((x, w, i) => ((left[i] = x), x + w), 0);
      const top: number[] = [];
      Array.from(el.tHead?.rows ?? []).reduce((y, tr, i) => ((top[i] = y), y + tr.getBoundingClientRect().height), 0);
      const next = { left, top, fixedWidth };
      setOffsets((prev) => (sameOffsets(prev, next) ? prev : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [table]);
  return { ref, offsets };
}

function EmptyState({ text }: { text: string }) {
  return (
    <div className="sd-report-frame sd-report-empty" data-testid="report-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <Icon name="search" size={22} />
        </ThemeIcon>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </div>
  );
}

export function ReportTableView({ table, loading = false, empty, missingText }: ReportTableViewProps) {
  const { t } = useTranslation();
  const missing = missingText ?? t('reports.noRate');
  const columns = useMemo(() => (table ? headColumns(table.head) : []), [table]);
  const { ref, offsets } = useStickyOffsets(empty ? null : table);

  if (empty) return <EmptyState text={empty} />;
  if (!table) {
    return (
      <div className="sd-report-frame sd-report-empty" data-testid="report-loading" aria-busy={loading}>
        {loading ? (
          <Center>
            <Stack align="center" gap="xs">
              <Loader />
              <Text c="dimmed">{t('reports.loading')}</Text>
            </Stack>
          </Center>
        ) : null}
      </div>
    );
  }
  const fixed = table.fixedColumns;
  const fixedStyle = (col: number) => ({ left: offsets.left[col] ?? 0 });
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} data-testid="report-loading" />
      <div className="sd-report-frame" data-testid="report-frame" aria-busy={loading}>
        <table ref={ref} className="sd-report" data-testid="report-table" data-report={table.name} data-fixed-columns={fixed}>
          <thead>
            {table.head.map((row, r) => (
              <tr key={r} data-testid="report-head-row">
                {row.map((cell, i) => {
                  const col = columns[r]?.[i] ?? 0;
                  const isFixed = col < fixed;
                  return (
                    <th
                      key={i}
                      colSpan={cell.colSpan && cell.colSpan > 1 ? cell.colSpan : undefined}
                      rowSpan={cell.rowSpan && cell.rowSpan > 1 ? cell.rowSpan : undefined}
                      data-testid="report-head-cell"
                      data-col={col}
                      data-pink={cell.pink || undefined}
                      data-fixed={isFixed || undefined}
                      data-fixed-last={(isFixed && col + (cell.colSpan ?? 1) === fixed) || undefined}
                      style={{ top: offsets.top[r] ?? 0, ...(isFixed ? fixedStyle(col) : null) }}
                      scope="col"
                    >
                      {(cell.colSpan ?? 1) > 1 && !isFixed ? (
                        // A day's (or week's) title over its companies stays in view while its columns scroll by.
                        <span className="sd-report-group" style={{ left: offsets.fixedWidth + 8 }}>
                          {cell.text}
                        </span>
                      ) : (
                        cell.text
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.body.map((row, r) => (
              <tr key={r} data-testid="report-row" data-row={r} data-highlight={row.highlight || undefined} data-summary={row.summary || undefined}>
                {row.cells.map((cell, c) => {
                  const text = cellText(cell, missing);
                  const label = typeof cell.value === 'string';
                  const isFixed = c < fixed;
                  return (
                    <td
                      key={c}
                      data-testid="report-cell"
                      data-col={c}
                      data-kind={label ? 'label' : 'figure'}
                      data-negative={isNegative(cell) || undefined}
                      data-missing={cell.value === null || undefined}
                      data-fixed={isFixed || undefined}
                      data-fixed-last={(isFixed && c === fixed - 1) || undefined}
                      style={isFixed ? fixedStyle(c) : undefined}
                      title={isFixed && label ? text : undefined}
                    >
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Box>
  );
}
