import { useQuery } from '@tanstack/react-query';
import { ORDER_ACTION_LABELS } from '../../../shared/domain/order-status';
import { PACKING_UI } from '../../../shared/i18n/packing';
import type { OutboundOrder } from '../../../shared/schemas/orders';
import { errorMessage } from '../../app/api';
import { Dialog } from '../../ui/Dialog';
import { ErrorBox, Spinner } from '../../ui/misc';
import { fetchPackingInfo } from '../packing/packing-api';
import { ShipStep } from '../packing/ShipStep';

/**
 * The ship dialog of the warehouse order list (spec part 2 §2, docs/fulfilment.md
 * "Shipping from the order list"): the packing station's shipping step for
 * one packed order, parcel or freight, with the same calls (ship, DHL labels,
 * address correction, freight quotation). No pallet: the order is shipped
 * from the list, not from the packing table.
 */
export function ShipOrderDialog({ order, onClose, onDone }: { order: OutboundOrder; onClose: () => void; onDone: () => void }) {
  const info = useQuery({ queryKey: ['packing-info', order.id], queryFn: () => fetchPackingInfo(order.id), gcTime: 0, retry: false });
  const finish = () => {
    onDone();
    onClose();
  };
  return (
    // The step below names the order in its own heading; the dialog's title says what happens and for whom.
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      size="lg"
      title={ORDER_ACTION_LABELS.ship}
      description={`${order.customer_name} · ${order.delivery_name}`}
    >
      <div data-testid="ship-dialog" data-order={order.order_number}>
        {info.isPending ? (
          <Spinner label={PACKING_UI.loading} />
        ) : info.error || !info.data ? (
          <ErrorBox>{errorMessage(info.error, PACKING_UI.orderLoadError)}</ErrorBox>
        ) : (
          <ShipStep info={info.data} palletBarcode={null} onBack={onClose} onShipped={finish} onQuoted={finish} />
        )}
      </div>
    </Dialog>
  );
}
