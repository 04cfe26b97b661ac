// The list controller, written once (DESIGN §3 convention 5): filters and paging synced to the URL query, the page
// load through react-query (reloaded on every route change), and the failure rule of spec part 2 §8 (empty table,
// count 0, the error shown). Without a network the list says it is offline instead of "No data" and a toast; a page
// loaded earlier in this visit (same request) is kept on screen, marked as such.
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/app/api/client';
import { showError } from '@/app/components/feedback/feedback';
import { isOfflineError, queryOffline } from '@/app/components/shell/status-page';
import type { Endpoint, InputOf, OutputOf } from '@/shared/contracts/endpoint';
import { filterDefaults, filterParams, type FilterDef } from './filters';
import {
  defaultPageSize,
  filtersActive,
  pageSizeState,
  readListState,
  searchState,
  writeListState,
  type FilterValues,
  type ListState,
} from './list-state';

export type ItemOf<E extends Endpoint> = OutputOf<E> extends { items: (infer R)[] } ? R : never;

export interface CrudListConfig<E extends Endpoint> {
  /** The route component of the screen: picks the default page size (spec part 2 §9). */
  screen: string;
  endpoint: E;
  filters: readonly FilterDef[];
  /** Parameters every request carries (e.g. OgawaModel fixed to YES). */
  fixed?: Partial<InputOf<E>>;
  pageSize?: number;
}

export function useCrudList<E extends Endpoint>(cfg: CrudListConfig<E>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const defaults = useMemo(() => filterDefaults(cfg.filters), [cfg.filters]);
  const sizeDefault = cfg.pageSize ?? defaultPageSize(cfg.screen);
  const query = searchParams.toString();
  const state = useMemo(() => readListState(new URLSearchParams(query), defaults, sizeDefault), [query, defaults, sizeDefault]);

  // The inputs edit a draft; Search applies it. Back/forward (a new URL) resets the draft to what the URL says.
  const [draft, setDraft] = useState<FilterValues>(state.filters);
  const [draftFor, setDraftFor] = useState(query);
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(state.filters);
  }

  const apply = (next: ListState) => setSearchParams(writeListState(new URLSearchParams(query), next, defaults, sizeDefault));

  const input = useMemo(
    () => ({ ...filterParams(cfg.filters, state.filters), ...cfg.fixed, pageIndex: state.pageIndex, pageSize: state.pageSize }) as InputOf<E>,
    [cfg.filters, cfg.fixed, state],
  );

  const queryClient = useQueryClient();
  const queryKey = ['list', cfg.endpoint.path, input, location.key];
  const q = useQuery({
    // location.key: every navigation to the list (menu click, return from a form) loads it afresh.
    queryKey,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return (await call(cfg.endpoint, input, { signal })) as { items: ItemOf<E>[]; count: number };
      } catch (err) {
        // Offline is shown by the list itself (the offline state), not by a toast on top.
        if (!signal.aborted && !isOfflineError(err)) showError(err);
        throw err;
      }
    },
  });

  // Offline: held back while the browser says so (paused), or failed for want of a server (the shared rule).
  const failed = q.isError || q.isPaused;
  const { offline } = queryOffline(q);
  type Page = { items: ItemOf<E>[]; count: number };
  // Offline: this load's own data (a failed reload keeps it), else the newest earlier load of the same request.
  const cached: Page | undefined = offline
    ? (q.data ??
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['list', cfg.endpoint.path, input] })
        .filter((c) => c.state.data !== undefined)
        .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]?.state.data as Page | undefined)
    : undefined;
  const shown: Page | undefined = failed ? cached : q.data;
  return {
    state,
    draft,
    setDraft,
    setDraftValue: (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value })),
    search: () => apply(searchState(state, draft)),
    setPage: (pageIndex: number) => apply({ ...state, pageIndex }),
    setPageSize: (pageSize: number) => apply(pageSizeState(state, pageSize)),
    records: shown?.items ?? [],
    count: shown?.count ?? 0,
    loading: q.isFetching,
    /** The server could not be reached for this page. */
    offline,
    /** Offline, and the rows shown are an earlier load's. */
    fromCache: offline && !!cached,
    filtered: filtersActive(state.filters, defaults),
    reload: () => void q.refetch(),
    /** Changes one loaded row in place (after a successful toggle): the row's actions follow its new state while it
     * stays on the page until the next load, so the user sees what they just switched. */
    patch: (row: ItemOf<E>, changes: Record<string, unknown>) =>
      queryClient.setQueryData<{ items: ItemOf<E>[]; count: number }>(queryKey, (d) =>
        d ? { ...d, items: d.items.map((r) => (r === row ? ({ ...(r as object), ...changes } as ItemOf<E>) : r)) } : d,
      ),
  };
}

export type CrudListController<E extends Endpoint> = ReturnType<typeof useCrudList<E>>;

