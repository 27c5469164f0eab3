import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnStatus } from '../../../shared/domain/returns';
import { ReturnDetail, ReturnList, ReturnLookupResponse } from '../../../shared/schemas/returns';
import { apiGet, qs } from '../../app/api';

/** Online data of the returns screens (docs/operations.md "Returns"). */

export const RETURNS_KEY = ['returns'] as const;

export function useReturns(f: { status: ReturnStatus | ''; customer_id: number | null }) {
  return useQuery({
    queryKey: [...RETURNS_KEY, 'list', f],
    queryFn: () => apiGet(`/returns${qs({ status: f.status || undefined, customer_id: f.customer_id ?? undefined, limit: 200 })}`, ReturnList),
    placeholderData: (prev) => prev,
  });
}

export function useReturn(id: number) {
  return useQuery({
    queryKey: [...RETURNS_KEY, 'detail', id],
    queryFn: () => apiGet(`/returns/${id}`, ReturnDetail),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** What an order may still send back; only asked while the announce dialog is open. */
export function useReturnable(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...RETURNS_KEY, 'returnable', orderId],
    queryFn: () => apiGet(`/returns/returnable${qs({ outbound_order_id: orderId })}`, ReturnLookupResponse),
    enabled,
  });
}

export function useRefreshReturns() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: RETURNS_KEY });
}
