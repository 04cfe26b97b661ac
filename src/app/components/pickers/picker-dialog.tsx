// The paged selection dialog the user and product pickers are built on (spec part 3 §2.9): full width, filters with
// Search, a table with checkbox selection (kept across pages), the common pager (default 10 a page), Confirm.
// Opening clears the selection and the filters; failed loads are ignored silently, except that without a network the
// table gives way to the offline state with Retry (no toast).
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Modal, Paper, Stack } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/app/api/client';
import type { Endpoint, InputOf } from '@/shared/contracts/endpoint';
import { usePagerProps } from '@/app/components/crud/crud-pager';
import { FilterBar } from '@/app/components/crud/filter-bar';
import { filterDefaults, filterParams, type FilterDef } from '@/app/components/crud/filters';
import { defaultPageSize, filtersActive, pageSizeState, rowNumber, searchState, type FilterValues, type ListState } from '@/app/components/crud/list-state';
import type { ItemOf } from '@/app/components/crud/use-crud-list';
import { isOfflineError, OfflineState, queryOffline } from '@/app/components/shell/status-page';

export interface PickerColumn<T> {
  key: string;
  /** Translation key. */
  title: string;
  render?(row: T): ReactNode;
}

export interface PickerDialogProps<E extends Endpoint> {
  opened: boolean;
  onClose(): void;
  onConfirm(rows: ItemOf<E>[]): void;
  title: string;
  endpoint: E;
  /** Filters; a function gets the current draft (e.g. departments of the chosen company). */
  filters: readonly FilterDef[] | ((draft: FilterValues) => readonly FilterDef[]);
  /** Filter keys to clear when another changes: { companyNumber: ['departmentNumber'] }. */
  resets?: Record<string, string[]>;
  fixed?: Partial<InputOf<E>>;
  columns: readonly PickerColumn<ItemOf<E>>[];
  rowKey: keyof ItemOf<E> & string;
  /** false: one row at most (e.g. choosing a leader). */
  multiple?: boolean;
  /** Initial filter values on every opening. */
  initialFilters?: FilterValues;
}

export function PickerDialog<E extends Endpoint>(props: PickerDialogProps<E>) {
  const { t } = useTranslation();
  const multiple = props.multiple ?? true;
  const [draft, setDraft] = useState<FilterValues>({});
  const filterList = typeof props.filters === 'function' ? props.filters(draft) : props.filters;
  const defaults = useMemo(() => ({ ...filterDefaults(filterList), ...props.initialFilters }), [filterList, props.initialFilters]);
  const fresh = (): ListState => ({ filters: defaults, pageIndex: 1, pageSize: defaultPageSize('picker') });
  const [state, setState] = useState<ListState>(fresh);
  const [selected, setSelected] = useState<ItemOf<E>[]>([]);
  const [openCount, setOpenCount] = useState(0);

  // Each opening starts clean: no selection, default filters, page 1, a fresh load.
  const { opened } = props;
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setSelected([]);
      setDraft(defaults);
      setState(fresh());
      setOpenCount((n) => n + 1);
    }
  }

  const input = { ...filterParams(filterList, state.filters), ...props.fixed, pageIndex: state.pageIndex, pageSize: state.pageSize } as InputOf<E>;
  const q = useQuery({
    queryKey: ['picker', props.endpoint.path, input, openCount],
    enabled: opened,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return (await call(props.endpoint, input, { signal })) as { items: ItemOf<E>[]; count: number };
      } catch (err) {
        // Offline is shown in place of the table; any other failure leaves it empty.
        if (isOfflineError(err)) throw err;
        return { items: [] as ItemOf<E>[], count: 0 };
      }
    },
  });
  const net = queryOffline(q);
  const records = q.data?.items ?? [];
  const count = q.data?.count ?? 0;

  const onFilter = (key: string, value: string) =>
    setDraft((d) => {
      const next = { ...d, [key]: value };
      for (const k of props.resets?.[key] ?? []) next[k] = defaults[k] ?? '';
      return next;
    });

  const columns: DataTableColumn<ItemOf<E>>[] = [
    { accessor: '__index', title: t('crud.index'), width: 64, render: (_r, i) => rowNumber(state.pageIndex, state.pageSize, i) },
    ...props.columns.map((c): DataTableColumn<ItemOf<E>> => ({ accessor: c.key, title: t(c.title), render: c.render ? (r) => c.render?.(r) : undefined })),
  ];

  const pager = usePagerProps({
    page: state.pageIndex,
    pageSize: state.pageSize,
    count,
    onPage: (pageIndex) => setState((s) => ({ ...s, pageIndex })),
    onPageSize: (size) => setState((s) => pageSizeState(s, size)),
  });

  return (
    <Modal opened={opened} onClose={props.onClose} title={props.title} size="100%" data-testid="picker">
      <Stack gap="sm">
        <FilterBar filters={filterList} values={draft} onChange={onFilter} onSearch={() => setState((s) => searchState(s, draft))}>
          <Button
            color="green"
            onClick={() => {
              props.onConfirm(selected);
              props.onClose();
            }}
            data-testid="picker-confirm"
          >
            {t('crud.confirm')}
          </Button>
        </FilterBar>
        {net.offline ? (
          <Paper withBorder>
            <OfflineState compact onRetry={net.retry} busy={net.busy} />
          </Paper>
        ) : (
          <DataTable<ItemOf<E>>
            withTableBorder
            striped
            highlightOnHover
            minHeight={records.length ? undefined : 160}
            idAccessor={props.rowKey}
            columns={columns}
            records={records}
            fetching={q.isFetching}
            noRecordsText={t(filtersActive(state.filters, defaults) ? 'crud.noMatch' : 'crud.noData')}
            selectedRecords={selected}
            onSelectedRecordsChange={(rows) => setSelected(multiple ? rows : rows.filter((r) => !selected.includes(r)).slice(-1))}
            allRecordsSelectionCheckboxProps={multiple ? undefined : { style: { display: 'none' } }}
            {...pager}
          />
        )}
      </Stack>
    </Modal>
  );
}
