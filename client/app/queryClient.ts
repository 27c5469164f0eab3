import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Online data: 1 retry, no refetch on focus, 5 minute cache (spec part 1 §9 / part 2 §7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, e) => count < 1 && !(e instanceof ApiError && e.status >= 400 && e.status < 500),
      retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
      refetchOnWindowFocus: false,
      gcTime: 5 * 60_000,
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});
