import { useQuery, useQueryClient } from '@tanstack/react-query';
import { StocktakeDetail, StocktakeList } from '../../../shared/schemas/stocktake';
import { apiGet } from '../../app/api';

/** Online data of the stocktake screens (docs/operations.md "Stocktake"). */

export const STOCKTAKES_KEY = ['stocktakes'] as const;

export const useStocktakes = () => useQuery({ queryKey: [...STOCKTAKES_KEY, 'list'], queryFn: () => apiGet('/stocktakes', StocktakeList) });

export function useStocktake(id: number) {
  return useQuery({
    queryKey: [...STOCKTAKES_KEY, 'detail', id],
    queryFn: () => apiGet(`/stocktakes/${id}`, StocktakeDetail),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useRefreshStocktakes() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: STOCKTAKES_KEY });
}
