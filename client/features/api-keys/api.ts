import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyList, CreatedApiKey } from '../../../shared/schemas/api-keys';
import { OkResponse } from '../../../shared/schemas/common';
import { apiDelete, apiGet, apiPost } from '../../app/api';

/** Query keys and calls of a customer's API keys (docs/operations.md "API keys"). */
export const apiKeyKeys = {
  list: (customerId: number) => ['customers', customerId, 'api-keys'] as const,
};

export function useApiKeys(customerId: number) {
  return useQuery({ queryKey: apiKeyKeys.list(customerId), queryFn: () => apiGet(`/customers/${customerId}/api-keys`, ApiKeyList) });
}

export function useCreateApiKey(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost(`/customers/${customerId}/api-keys`, { name }, CreatedApiKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.list(customerId) }),
  });
}

export function useRevokeApiKey(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api-keys/${id}`, OkResponse),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.list(customerId) }),
  });
}
