import { Truck } from 'lucide-react';
import { useState } from 'react';
import { FREIGHT_UI as T } from '../../../shared/i18n/freight';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import { errorMessage } from '../../app/api';
import { Badge, EmptyState, ErrorBox, PageHeader, Spinner } from '../../ui/misc';
import { FreightQuotationTable } from './FreightQuotationTable';
import { OfferDialog } from './OfferDialog';
import { ShipFreightDialog } from './ShipFreightDialog';
import { copyEmailTemplate, openPalletLabels, useFreightQuotations } from './useFreightQuotations';

/** Speditionsanfragen (/freight-quotations, warehouse roles): loads the open requests; the table and dialogs show and edit them. */
export function FreightQuotationsScreen() {
  const list = useFreightQuotations();
  const [offerFor, setOfferFor] = useState<FreightQuotation | null>(null);
  const [shipFor, setShipFor] = useState<FreightQuotation | null>(null);
  const rows = list.data ?? [];
  return (
    <div>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={list.data ? <Badge tone={rows.length > 0 ? 'amber' : 'gray'}>{T.openCount(rows.length)}</Badge> : null}
      />
      {list.isLoading ? <Spinner /> : null}
      {list.error ? <ErrorBox>{errorMessage(list.error, T.loadError)}</ErrorBox> : null}
      {list.data && rows.length === 0 ? <EmptyState icon={<Truck className="h-8 w-8" />}>{T.empty}</EmptyState> : null}
      {rows.length > 0 ? (
        <FreightQuotationTable
          rows={rows}
          actions={{
            onCopy: (q) => void copyEmailTemplate(q.id),
            onOffer: setOfferFor,
            onShip: setShipFor,
            onLabels: (q) => void openPalletLabels(q.id),
          }}
        />
      ) : null}
      <OfferDialog key={`offer-${offerFor?.id ?? 0}`} quotation={offerFor} onClose={() => setOfferFor(null)} />
      <ShipFreightDialog key={`ship-${shipFor?.id ?? 0}`} quotation={shipFor} onClose={() => setShipFor(null)} />
    </div>
  );
}
