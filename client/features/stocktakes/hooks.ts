import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { STOCKTAKE_PAGE_SIZE } from '../../../shared/constants';
import { StocktakeDetail, StocktakeList } from '../../../shared/schemas/stocktake';
import { apiGet, qs } from '../../app/api';

/** Online data of the stocktake screens (docs/operations.md "Stocktake"). */

export const STOCKTAKES_KEY = ['stocktakes'] as const;

export const useStocktakes = () => useQuery({ queryKey: [...STOCKTAKES_KEY, 'list'], queryFn: () => apiGet('/stocktakes', StocktakeList) });

/** The review in pages of places, the next one after the last place shown; the server filters the differences. */
export function useStocktakePages(id: number, onlyDifferences: boolean) {
  return useInfiniteQuery({
    queryKey: [...STOCKTAKES_KEY, 'detail', id, onlyDifferences],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      apiGet(
        `/stocktakes/${id}${qs({ limit: STOCKTAKE_PAGE_SIZE, after: pageParam, only_differences: onlyDifferences ? 'true' : undefined })}`,
        StocktakeDetail,
      ),
    getNextPageParam: (last) => (last.has_more ? last.places.at(-1)?.location_barcode : undefined),
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The pages loaded so far as one review: the newest page's head and counts, every page's places. */
export function mergedReview(pages: readonly StocktakeDetail[]): StocktakeDetail | undefined {
  const last = pages.at(-1);
  return last && { ...last, places: pages.flatMap((p) => p.places) };
}

export function useRefreshStocktakes() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: STOCKTAKES_KEY });
}
