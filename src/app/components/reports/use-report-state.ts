// A report screen's filters and paging, kept in the URL query like the lists' (list-state.ts): reload and back keep
// them, and every Search is a navigation, so the report loads afresh each time (spec part 1 §2: lists search again
// whenever the route changes). The inputs edit a draft; Search applies it and goes back to page 1.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageSizeState, readListState, searchState, writeListState, type FilterValues, type ListState } from '@/app/components/crud/list-state';

export interface ReportStateOptions {
  /** Each filter's default ('' = none); the keys are the URL parameters. */
  defaults: FilterValues;
  /** Page size when the URL names none (model reports: 20). */
  pageSize?: number;
  /** Values the user cannot choose otherwise (a subsidiary's own country), applied over the URL's. */
  forced?: FilterValues;
}

export function useReportState({ defaults, pageSize = 20, forced }: ReportStateOptions) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const forcedKey = JSON.stringify(forced ?? {});
  const state = useMemo(() => {
    const s = readListState(new URLSearchParams(query), defaults, pageSize);
    return { ...s, filters: { ...s.filters, ...(JSON.parse(forcedKey) as FilterValues) } };
  }, [query, defaults, pageSize, forcedKey]);

  const [draft, setDraft] = useState<FilterValues>(state.filters);
  const [draftFor, setDraftFor] = useState(query);
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(state.filters);
  }
  const apply = (next: ListState) => setParams(writeListState(new URLSearchParams(query), next, defaults, pageSize));
  return {
    /** The applied filters (what the table shows). */
    filters: state.filters,
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    draft,
    setDraft: (patch: FilterValues) => setDraft((d) => ({ ...d, ...patch })),
    search: () => apply(searchState(state, draft)),
    setPage: (pageIndex: number) => apply({ ...state, pageIndex }),
    setPageSize: (size: number) => apply(pageSizeState(state, size)),
  };
}
