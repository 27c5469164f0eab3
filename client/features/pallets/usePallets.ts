import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LABEL_URL_REVOKE_MS } from '../../../shared/constants';
import { DISPOSABLE_LIST_LIMIT, disposablePdfFileName } from '../../../shared/domain/pallets';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import { DisposablePalletList, DisposableStats, Pallet, PalletList } from '../../../shared/schemas/pallets';
import { SettingList } from '../../../shared/schemas/settings';
import { LABEL_OUTPUT_DEFAULT, type LabelOutput, labelFileName } from '../../../shared/domain/labels';
import { api, apiGet, apiPatch, apiPost, errorMessage, qs } from '../../app/api';
import { labelFormatOf, saveBlob, showLabelBlob } from '../../app/label-file';
import { toast } from '../../app/toast';

/** Data hooks of the two pallet screens (online only: admin screens). */

export const usePallets = () => useQuery({ queryKey: ['pallets'], queryFn: () => apiGet('/pallets/', PalletList) });

export function useRegisterPallet(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { barcode: string; name: string }) => apiPost(`/pallets/${qs({ barcode: v.barcode, name: v.name })}`, undefined, Pallet),
    onSuccess: (p) => {
      toast.success(PALLET_UI.registered(p.barcode));
      void qc.invalidateQueries({ queryKey: ['pallets'] });
      onDone();
    },
  });
}

export function useTogglePallet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: Pallet) => apiPatch(`/pallets/${p.id}${qs({ active: !p.active })}`, undefined, Pallet),
    onSuccess: (p) => {
      toast.success(PALLET_UI.toggled(p.barcode, p.active));
      void qc.invalidateQueries({ queryKey: ['pallets'] });
    },
    onError: (e) => toast.error(errorMessage(e, PALLET_UI.updateError)),
  });
}

/** POST /pallets/{barcode}/release: an in_use pallet without an open wave back to the pool. */
export function useReleasePallet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: Pallet) => apiPost(`/pallets/${encodeURIComponent(p.barcode)}/release`, undefined, Pallet),
    onSuccess: (p) => {
      toast.success(PALLET_UI.released(p.barcode));
      void qc.invalidateQueries({ queryKey: ['pallets'] });
    },
    onError: (e) => toast.error(errorMessage(e, PALLET_UI.releaseError)),
  });
}

/** Label PDF in a new tab, opened before the download so popup blockers see the click; a ZPL label is saved (client/app/label-file.ts). */
export async function openPalletLabel(pallet: Pick<Pallet, 'id' | 'barcode'>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    showLabelBlob(await api.blob(`/pallets/${pallet.id}/label.pdf`), `palette-${pallet.barcode}`, tab, LABEL_URL_REVOKE_MS);
  } catch (e) {
    tab?.close();
    toast.error(errorMessage(e, PALLET_UI.labelError));
  }
}

export const useDisposableStats = () =>
  useQuery({ queryKey: ['disposable-pallets', 'stats'], queryFn: () => apiGet('/disposable-pallets/stats', DisposableStats) });

export const useDisposableList = () =>
  useQuery({
    queryKey: ['disposable-pallets', 'list'],
    queryFn: () => apiGet(`/disposable-pallets/${qs({ limit: DISPOSABLE_LIST_LIMIT })}`, DisposablePalletList),
  });

/** The label format the server answers with (setting label_output; admin screens only read it). */
export const useLabelOutput = () =>
  useQuery({
    queryKey: ['settings'],
    queryFn: () => apiGet('/settings/', SettingList),
    select: (list): LabelOutput => (list.find((s) => s.key === 'label_output')?.value === 'zpl' ? 'zpl' : LABEL_OUTPUT_DEFAULT),
  });

/** Generates the barcodes and saves the PDF (or ZPL, setting label_output) under the server's file name. */
export function useGenerateDisposable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (count: number) => {
      const { blob, fileName } = await api.postBlob('/disposable-pallets/generate-and-download-pdf', { count });
      const format = labelFormatOf(blob);
      // The server names the file (.pdf or .zpl, setting label_output).
      saveBlob(blob, fileName ?? labelFileName(disposablePdfFileName(count), format), LABEL_URL_REVOKE_MS);
      return { count, format };
    },
    onSuccess: ({ count, format }) => {
      toast.success(format === 'zpl' ? PALLET_UI.generatedZpl(count) : PALLET_UI.generated(count));
      void qc.invalidateQueries({ queryKey: ['disposable-pallets'] });
    },
    onError: (e) => toast.error(errorMessage(e, PALLET_UI.generateError)),
  });
}
