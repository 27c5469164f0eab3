import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatusFilter } from '../../../shared/domain/order-status';
import { MyStockList } from '../../../shared/schemas/inventory';
import { OrderPage, OutboundOrder } from '../../../shared/schemas/orders';
import { CountryList } from '../../../shared/schemas/settings';
import { ORDER_PAGE_SIZE } from '../../../shared/constants';
import { apiGet, qs } from '../../app/api';

/** Online data of the order screens (TanStack Query; spec: 1 retry, no refetch on focus). */

export const ORDERS_KEY = ['outbound-orders'] as const;

export function useOrderPage(filter: OrderStatusFilter, page: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', filter, page],
    queryFn: () => apiGet(`/outbound-orders/${qs({ page, page_size: ORDER_PAGE_SIZE, status_filter: filter })}`, OrderPage),
    placeholderData: (prev) => prev,
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: () => apiGet(`/outbound-orders/${id}`, OutboundOrder),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useActiveCountries() {
  return useQuery({
    queryKey: ['countries', 'active'],
    queryFn: () => apiGet('/countries/?active_only=true', CountryList),
    staleTime: 60 * 60_000,
  });
}

/**
 * The order form's article list: the customer's own stock (helper of "Mein
 * Bestand"); staff editing an order pass the order's customer.
 */
export function useMyStock(enabled: boolean, customerId?: number) {
  return useQuery({
    queryKey: ['my-stock', 'order-form', customerId ?? null],
    queryFn: () => apiGet(`/inventory/my-stock${qs({ customer_id: customerId })}`, MyStockList),
    enabled,
  });
}

/** After any order change: lists, details and the stock views (reserved quantities moved). */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ORDERS_KEY });
    void qc.invalidateQueries({ queryKey: ['my-stock'] });
  };
}
