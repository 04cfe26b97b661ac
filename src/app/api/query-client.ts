// The one react-query client. Refusals are not retried (the server said no); a network failure is retried once.
// It is cleared whenever the signed-in account changes, so one user's cached data never shows to the next.
import { QueryClient } from '@tanstack/react-query';
import { getToken, onSessionChange } from '../session/session';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => err instanceof ApiError && err.kind === 'network' && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 0,
    },
    mutations: { retry: false },
  },
});

// Also when another tab signs out or in. This module loads with the signed-in part: before that nothing is cached.
let lastToken = getToken();
onSessionChange(() => {
  const token = getToken();
  if (token !== lastToken) queryClient.clear();
  lastToken = token;
});
