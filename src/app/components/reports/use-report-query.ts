// The load of a report screen: through react-query, reloaded on every navigation (Search, paging, the menu), skipped
// when the user may not load the chosen country (spec part 1 §5), kept on this device when it succeeds, and, when the
// server cannot be reached, answered by the figures this device loaded last for the same report and filter, with
// their time (report-cache.ts). Any other failure empties the table and shows the error (spec part 1 §8).
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { call } from '@/app/api/client';
import { showError } from '@/app/components/feedback/feedback';
import { isOfflineError, queryOffline } from '@/app/components/shell/status-page';
import { useSession } from '@/app/session/session';
import type { Endpoint, InputOf, OutputOf } from '@/shared/contracts/endpoint';
import { readReportCache, writeReportCache } from './report-cache';

export interface ReportQueryOptions<E extends Endpoint> {
  /** The report's name (cache key). */
  report: string;
  endpoint: E;
  input: InputOf<E>;
  /** False: the client guard says no; nothing is asked. */
  enabled: boolean;
}

export function useReportQuery<E extends Endpoint>({ report, endpoint, input, enabled }: ReportQueryOptions<E>) {
  const location = useLocation();
  const account = useSession()?.number ?? '';
  type Data = OutputOf<E>;
  const q = useQuery({
    // location.key: each Search, page change or menu click loads afresh.
    queryKey: ['report', endpoint.path, input, location.key],
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    // Paging and a new Search keep the figures on screen (under the loading overlay) until the new ones arrive.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      try {
        const data = (await call(endpoint, input, { signal })) as Data;
        if (account) writeReportCache(account, report, input, data);
        return data;
      } catch (err) {
        // Offline is said by the screen itself (with the figures kept on this device), not by a toast.
        if (!signal.aborted && !isOfflineError(err)) showError(err);
        throw err;
      }
    },
  });

  const own = q.isPlaceholderData ? undefined : q.data;
  const inputKey = JSON.stringify(input);

  const failed = q.isError || q.isPaused;
  const { offline, retry, busy } = queryOffline(q);
  const stored = useMemo(
    () => (offline && enabled && account ? readReportCache<Data>(account, report, JSON.parse(inputKey)) : null),
    [offline, enabled, account, report, inputKey],
  );

  let data: Data | undefined;
  /** When the figures shown were loaded, if they are not this load's (offline). */
  let loadedAt: number | null = null;
  if (!enabled) data = undefined;
  else if (!failed) data = q.data;
  else if (offline && own !== undefined) [data, loadedAt] = [own, q.dataUpdatedAt];
  else if (offline && stored) [data, loadedAt] = [stored.data, stored.savedAt];
  return {
    data,
    /** The shown data is an earlier page's while this one loads. */
    stale: q.isPlaceholderData,
    loading: enabled && q.isFetching,
    offline: enabled && offline,
    loadedAt,
    failed: enabled && failed,
    retry,
    busy,
  };
}
