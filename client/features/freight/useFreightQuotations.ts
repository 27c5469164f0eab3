import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LABEL_URL_REVOKE_MS } from '../../../shared/constants';
import { FREIGHT_UI } from '../../../shared/i18n/freight';
import { FreightEmailTemplate, FreightQuotationList, type SaveFreightQuote, SaveFreightQuoteResponse, type ShipFreight } from '../../../shared/schemas/freight';
import { ShipResponse } from '../../../shared/schemas/shipping';
import { api, apiGet, apiPost, errorMessage } from '../../app/api';
import { showLabelBlob } from '../../app/label-file';
import { toast } from '../../app/toast';
import { copyText } from '../users/password';

/** Data of /freight-quotations (online only: a desk screen). */

const KEY = ['freight-quotations'] as const;

export const useFreightQuotations = () => useQuery({ queryKey: KEY, queryFn: () => apiGet('/outbound-orders/freight-quotations', FreightQuotationList) });

/** Saves the offer; the caller shows a refusal in its dialog. */
export function useSaveOffer(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: SaveFreightQuote }) => apiPost(`/outbound-orders/${v.id}/save-freight-quote`, v.body, SaveFreightQuoteResponse),
    onSuccess: (r) => {
      toast.success(r.message);
      void qc.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
}

export function useShipFreight(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: ShipFreight }) => apiPost(`/outbound-orders/${v.id}/ship-freight`, v.body, ShipResponse),
    onSuccess: (r) => {
      toast.success(FREIGHT_UI.shippedToast(r.order_number));
      void qc.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
}

/** Fetches the German forwarder e-mail and puts it on the clipboard. */
export async function copyEmailTemplate(orderId: number): Promise<void> {
  try {
    const { email_template } = await apiGet(`/outbound-orders/${orderId}/freight-email-template`, FreightEmailTemplate);
    await copyText(email_template);
    toast.success(FREIGHT_UI.copied);
  } catch (e) {
    toast.error(errorMessage(e, FREIGHT_UI.templateError));
  }
}

/** The pallet labels PDF in a new tab (opened first, so popup blockers see the click). */
export async function openPalletLabels(orderId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    showLabelBlob(await api.blob(`/outbound-orders/${orderId}/pallet-labels`), `Palettenlabels-${orderId}`, tab, LABEL_URL_REVOKE_MS);
  } catch (e) {
    tab?.close();
    toast.error(errorMessage(e, FREIGHT_UI.labelsError));
  }
}
