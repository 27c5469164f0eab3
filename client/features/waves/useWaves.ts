import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_ORDERS_PER_WAVE } from '../../../shared/constants';
import { OPEN_WAVE_STATUSES } from '../../../shared/domain/wave-status';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import { HierarchyResponse } from '../../../shared/schemas/locations';
import { AvailableOrdersResponse, SuggestResponse } from '../../../shared/schemas/wave-planning';
import { type CreateWaveInput, PickingWave, PickingWaveList } from '../../../shared/schemas/waves';
import { apiDelete, apiGet, apiPost, errorMessage, qs } from '../../app/api';
import { toast } from '../../app/toast';
import { ORDERS_KEY } from '../outbound-orders/hooks';
import { filterQuery, type OrderFilters } from './wave-logic';

/** Online data of the wave builder (TanStack Query; spec: 1 retry, no refetch on focus). */

export const WAVES_KEY = ['picking-waves'] as const;
const AVAILABLE_KEY = [...WAVES_KEY, 'available-orders'] as const;

/** GET /picking-waves/, filtered on the client to draft/ready/picking (spec §7). */
export function useOpenWaves() {
  return useQuery({
    queryKey: [...WAVES_KEY, 'list'],
    queryFn: async () => (await apiGet('/picking-waves/', PickingWaveList)).filter((w) => OPEN_WAVE_STATUSES.includes(w.status)),
  });
}

/** POST /picking-waves/suggest?max_orders_per_wave=4: computed on demand, so a mutation. */
export function useSuggestions() {
  return useMutation({
    mutationFn: () => apiPost(`/picking-waves/suggest${qs({ max_orders_per_wave: MAX_ORDERS_PER_WAVE })}`, undefined, SuggestResponse),
  });
}

export function useAvailableOrders(filters: OrderFilters, enabled: boolean) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: [...AVAILABLE_KEY, query],
    queryFn: () => apiGet(`/picking-waves/available-orders${qs(query)}`, AvailableOrdersResponse),
    placeholderData: (prev) => prev,
    enabled,
  });
}

export function useReloadAvailableOrders() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: AVAILABLE_KEY });
}

/** The racks of the Lageplan (same call as the locations screen), for the route maps. */
export function useRackPlan() {
  return useQuery({
    queryKey: ['locations', 'hierarchy', { building_id: null, room_id: null }],
    queryFn: () => apiGet('/locations/hierarchy', HierarchyResponse),
    staleTime: 5 * 60_000,
  });
}

/** After a wave changed: the wave list, the free orders and the order screens (statuses moved). */
function useRefreshAfterWave() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: WAVES_KEY });
    void qc.invalidateQueries({ queryKey: ORDERS_KEY });
  };
}

/** POST /picking-waves/?name=&order_ids=1,2&creation_method=… */
export function useCreateWave() {
  const refresh = useRefreshAfterWave();
  return useMutation({
    mutationFn: (v: { order_ids: number[]; name?: string; creation_method: NonNullable<CreateWaveInput['creation_method']> }) =>
      apiPost(
        `/picking-waves/${qs({ name: v.name?.trim() || undefined, order_ids: v.order_ids.join(','), creation_method: v.creation_method })}`,
        undefined,
        PickingWave,
      ),
    onSuccess: (w) => {
      toast.success(WAVE_UI.created(w.wave_number));
      refresh();
    },
  });
}

/** POST /picking-waves/{id}/start?pallet_barcode= */
export function useStartWave() {
  const refresh = useRefreshAfterWave();
  return useMutation({
    mutationFn: (v: { wave: PickingWave; barcode: string }) =>
      apiPost(`/picking-waves/${v.wave.id}/start${qs({ pallet_barcode: v.barcode })}`, undefined, PickingWave),
    onSuccess: refresh,
  });
}

/** The contract names no answer body for DELETE (204 or a small object): read it, keep nothing. */
const DeleteWaveAnswer = z.unknown();

/** DELETE /picking-waves/{id} (draft only). */
export function useDeleteWave(onDone: () => void) {
  const refresh = useRefreshAfterWave();
  return useMutation({
    mutationFn: (w: PickingWave) => apiDelete(`/picking-waves/${w.id}`, DeleteWaveAnswer).then(() => w),
    onSuccess: (w) => {
      toast.success(WAVE_UI.deleted(w.wave_number));
      refresh();
      onDone();
    },
    onError: (e) => toast.error(errorMessage(e, WAVE_UI.deleteError)),
  });
}

/** POST /picking-waves/{id}/release (admin, warehouse_manager): the picker is cleared, the next 'Fortsetzen' takes the wave. */
export function useReleaseWave(onDone: () => void) {
  const refresh = useRefreshAfterWave();
  return useMutation({
    mutationFn: (w: PickingWave) => apiPost(`/picking-waves/${w.id}/release`, undefined, PickingWave),
    onSuccess: (w) => {
      toast.success(WAVE_UI.released(w.wave_number));
      refresh();
      onDone();
    },
    onError: (e) => toast.error(errorMessage(e, WAVE_UI.releaseError)),
  });
}
