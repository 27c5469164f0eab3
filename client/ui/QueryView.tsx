import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../app/api';
import { EmptyState, ErrorBox, Spinner } from './misc';

/**
 * The states of a screen's query in one place: a spinner while loading, the
 * server's German detail on error (or `notFound` on a 404), `empty` when the
 * answer holds nothing, else the content.
 */
export function QueryView<T>({
  query,
  error,
  notFound,
  empty,
  isEmpty,
  children,
}: {
  /** A query's state (useQuery, useInfiniteQuery). */
  query: { isLoading: boolean; error: unknown; data: T | undefined };
  /** Fallback text when the error carries no German detail. */
  error: string;
  notFound?: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <Spinner />;
  if (query.error) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404) return <EmptyState>{notFound}</EmptyState>;
    return <ErrorBox>{errorMessage(query.error, error)}</ErrorBox>;
  }
  if (query.data === undefined) return null;
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
