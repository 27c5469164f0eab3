import { LABEL_URL_REVOKE_MS } from '../../../shared/constants';
import { api, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';

/**
 * Opens the label PDF of a rack/level/compartment in a new tab. The tab is
 * opened before the download so popup blockers see the user's click; the
 * blob URL is revoked after 60 s (spec part 1 §9).
 */
export async function openLabels(locationId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.blob(`/locations/${locationId}/labels-batch.pdf`);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), LABEL_URL_REVOKE_MS);
  } catch (e) {
    tab?.close();
    toast.error(errorMessage(e, 'Fehler beim Erstellen der Labels'));
  }
}
