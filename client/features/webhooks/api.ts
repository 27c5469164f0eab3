import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../shared/schemas/common';
import { type CreateWebhookRequest, CreatedWebhook, WebhookDelivery, WebhookDeliveryList, WebhookList } from '../../../shared/schemas/webhooks';
import { apiDelete, apiGet, apiPost } from '../../app/api';

/** Query keys and calls of a customer's webhooks (docs/integrations.md "Webhooks"). */
export const webhookKeys = {
  list: (customerId: number) => ['customers', customerId, 'webhooks'] as const,
  deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhooks(customerId: number) {
  return useQuery({ queryKey: webhookKeys.list(customerId), queryFn: () => apiGet(`/customers/${customerId}/webhooks`, WebhookList) });
}

export function useDeliveries(id: number) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => apiGet(`/webhooks/${id}/deliveries`, WebhookDeliveryList) });
}

export function useCreateWebhook(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => apiPost(`/customers/${customerId}/webhooks`, body, CreatedWebhook),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list(customerId) }),
  });
}

export function useDeleteWebhook(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/webhooks/${id}`, OkResponse),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list(customerId) }),
  });
}

export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost(`/webhooks/${id}/test`, {}, WebhookDelivery),
    onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
