// The list page of every master-data screen (DESIGN §3 convention 5): a screen declares its endpoint, filters,
// columns, actions and disable call; this draws the filter bar, the toolbar, the table with its running index,
// the disable switch and the row actions (navigate or run a command; touch-sized on tablets), the pager, and the
// loading / no-data / no-match / offline states. Filters may depend on the draft (a department filter follows the
// chosen company).
import { useMemo, type ReactNode } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { call } from '@/app/api/client';
import { useSession } from '@/app/session/session';
import { can } from '@/app/components/shell/permissions';
import { OfflineNote, OfflineState } from '@/app/components/shell/status-page';
import type { Endpoint, InputOf } from '@/shared/contracts/endpoint';
import { usePagerProps } from './crud-pager';
import { DisableSwitch } from './disable-switch';
import { FilterBar } from './filter-bar';
import type { FilterDef } from './filters';
import { rowNumber, type FilterValues } from './list-state';
import { useCrudList, type CrudListConfig, type ItemOf } from './use-crud-list';
import './touch-targets.css';

export interface CrudColumn<T> {
  /** The record field shown (and the column id). */
  key: string;
  /** Translation key of the title; fields.<entity>.<key> by default. */
  title?: string;
  render?(row: T): ReactNode;
  width?: number | string;
  textAlign?: 'left' | 'right' | 'center';
}

export interface ToolbarAction {
  key: string;
  /** Translation key. */
  label: string;
  /** Button permission (btn:<Screen>.<key>); no permission = always shown. */
  permission?: string;
  /** Where it goes; a function gets the filter values as shown (an add form that starts on the filter's month). */
  to: string | ((filters: FilterValues) => string);
}

export interface RowAction<T> {
  key: string;
  /** Translation key. */
  label: string;
  /** Button permission (btn:<Screen>.<key>); none = shown to everyone who can open the screen. */
  permission?: string;
  hidden?(row: T): boolean;
  /** Navigates (with the list URL as the place to return to) ... */
  to?(row: T): string;
  /** ... or runs a command (delete with confirmation, a dialog); `reload` refreshes the page of rows. */
  run?(row: T, reload: () => void): void;
  color?: string;
}

export interface DisableDef<T, D extends Endpoint> {
  endpoint: D;
  input(row: T, next: boolean): InputOf<D>;
  /** Asks before the call (e.g. a confirmation dialog); false cancels. */
  confirm?(row: T, next: boolean): Promise<boolean>;
}

export interface CrudListProps<E extends Endpoint, D extends Endpoint = Endpoint> extends Omit<CrudListConfig<E>, 'filters'> {
  /** Entity name of the translation keys (fields.<entity>.*). */
  entity: string;
  /** Filters; a function gets the draft values (for options that follow another filter). Keep it stable (module level). */
  filters: readonly FilterDef[] | ((draft: FilterValues) => readonly FilterDef[]);
  /** Filter keys to clear when another changes: { companyNumber: ['departmentNumber'] }. */
  resets?: Record<string, string[]>;
  /** Dialogs the row actions open. */
  children?: ReactNode;
  columns: readonly CrudColumn<ItemOf<E>>[];
  rowKey: keyof ItemOf<E> & string;
  toolbar?: readonly ToolbarAction[];
  rowActions?: readonly RowAction<ItemOf<E>>[];
  disable?: DisableDef<ItemOf<E>, D>;
}

/** A check for any number of button codes; re-renders when the session (and so the granted buttons) changes. */
export function useButtonCheck(): (code?: string) => boolean {
  useSession();
  return (code) => !code || can(code);
}

/** Where a form or detail page returns to: the list URL it was opened from. */
export interface FromState {
  from?: string;
}

const NO_DRAFT: FilterValues = {};

export function CrudList<E extends Endpoint, D extends Endpoint = Endpoint>(props: CrudListProps<E, D>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useButtonCheck();
  // The keys, defaults and request parameters do not depend on the draft; only the options do.
  const { filters } = props;
  const base = useMemo(() => (typeof filters === 'function' ? filters(NO_DRAFT) : filters), [filters]);
  const list = useCrudList({ ...props, filters: base });
  const { state } = list;
  const shown = typeof props.filters === 'function' ? props.filters(list.draft) : props.filters;
  type T = ItemOf<E>;

  const open = (to: string) => navigate(to, { state: { from: location.pathname + location.search } satisfies FromState });
  const onFilter = (key: string, value: string) => {
    list.setDraftValue(key, value);
    for (const k of props.resets?.[key] ?? []) list.setDraftValue(k, '');
  };

  const columns: DataTableColumn<T>[] = [
    { accessor: '__index', title: t('crud.index'), width: 64, render: (_row, i) => rowNumber(state.pageIndex, state.pageSize, i) },
    ...props.columns.map(
      (c): DataTableColumn<T> => ({
        accessor: c.key,
        title: t(c.title ?? `fields.${props.entity}.${c.key}`),
        width: c.width,
        textAlign: c.textAlign,
        render: c.render ? (row) => c.render?.(row) : undefined,
      }),
    ),
  ];
  const disable = props.disable;
  if (disable) {
    const ask = disable.confirm;
    columns.push({
      accessor: 'isDisabled',
      title: t('crud.disabled'),
      width: 96,
      render: (row) => (
        <DisableSwitch
          value={Boolean((row as { isDisabled?: boolean }).isDisabled)}
          onToggle={(next) => call(disable.endpoint, disable.input(row, next))}
          onDone={(next) => list.patch(row, { isDisabled: next })}
          confirm={ask ? (next) => ask(row, next) : undefined}
        />
      ),
    });
  }
  const actions = (props.rowActions ?? []).filter((a) => allowed(a.permission));
  if (actions.length) {
    columns.push({
      accessor: '__actions',
      title: t('crud.actions'),
      textAlign: 'center',
      // Many actions wrap onto two lines rather than make the pinned column cover the data columns.
      width: actions.length > 3 ? 200 : undefined,
      render: (row) => (
        <Group gap={6} justify="center" wrap={actions.length > 3 ? 'wrap' : 'nowrap'}>
          {actions
            .filter((a) => !a.hidden?.(row))
            .map((a) => (
              <Button
                key={a.key}
                size="compact-sm"
                variant="light"
                color={a.color}
                className="sd-row-action"
                onClick={() => (a.run ? a.run(row, list.reload) : a.to && open(a.to(row)))}
                data-testid={`row-${a.key}`}
              >
                {t(a.label)}
              </Button>
            ))}
        </Group>
      ),
    });
  }
  const toolbar = (props.toolbar ?? []).filter((a) => allowed(a.permission));
  const pager = usePagerProps({
    page: state.pageIndex,
    pageSize: state.pageSize,
    count: list.count,
    onPage: list.setPage,
    onPageSize: list.setPageSize,
  });

  return (
    <Stack gap="sm">
      <Paper p="sm" withBorder>
        <FilterBar filters={shown} values={list.draft} onChange={onFilter} onSearch={list.search}>
          {toolbar.map((a) => (
            <Button key={a.key} variant="outline" onClick={() => open(typeof a.to === 'function' ? a.to(list.draft) : a.to)} data-testid={`toolbar-${a.key}`}>
              {t(a.label)}
            </Button>
          ))}
        </FilterBar>
      </Paper>
      {list.fromCache && <OfflineNote onRetry={list.reload} busy={list.loading} />}
      {list.offline && !list.fromCache ? (
        <Paper withBorder>
          <OfflineState compact onRetry={list.reload} busy={list.loading} />
        </Paper>
      ) : (
        <DataTable<T>
          withTableBorder
          striped
          highlightOnHover
          // The actions stay in view when the columns are wider than the screen.
          pinLastColumn={actions.length > 0}
          minHeight={list.records.length ? undefined : 180}
          idAccessor={props.rowKey}
          columns={columns}
          records={list.records}
          fetching={list.loading}
          noRecordsText={t(list.filtered ? 'crud.noMatch' : 'crud.noData')}
          loadingText={t('crud.loading')}
          {...pager}
        />
      )}
      {props.children}
    </Stack>
  );
}
