import { RefreshCw, WifiOff } from 'lucide-react';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { UI } from '../../../shared/i18n/ui';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { useShipping } from './useShipping';

/**
 * DHL could not be reached (no connection, timeout, 5xx): says that no label
 * was made and the order stays packed, and offers the same shipment again.
 * Not the address correction: nothing about the address is wrong.
 */
export function ShippingOutage(p: { shipping: ReturnType<typeof useShipping> }) {
  const T = texts(PACKING_UI);
  const s = p.shipping;
  if (s.outage === null) return null;
  return (
    <Dialog
      open
      onOpenChange={(o) => (o || s.busy ? null : s.closeOutage())}
      title={T.dhlOutageTitle}
      description={T.dhlOutageText}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={s.closeOutage} disabled={s.busy} data-testid="packing-outage-close">
            {texts(UI).close}
          </Button>
          <Button onClick={s.retry} busy={s.busy} icon={<RefreshCw className="h-4 w-4" />} data-testid="packing-outage-retry">
            {T.retry}
          </Button>
        </>
      }
    >
      <p className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="packing-outage">
        <WifiOff className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
        {s.outage}
      </p>
    </Dialog>
  );
}
