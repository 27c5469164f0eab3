import { Download } from 'lucide-react';
import type { InvoiceStatus } from '../../../shared/constants';
import { INVOICE_STATUS_LABELS, INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { Invoice } from '../../../shared/schemas/invoices';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Badge } from '../../ui/misc';
import { downloadInvoice, type InvoiceDocument } from './api';

/** Small pieces both billing screens show (docs/operations.md "Billing (Abrechnung)"). */

const TONES: Record<InvoiceStatus, 'amber' | 'green' | 'gray'> = { draft: 'amber', final: 'green', cancelled: 'gray' };

/** A calendar day YYYY-MM-DD as de-DE (01.11.2026), without a time zone shifting it. */
export const formatDay = (day: string) => day.split('-').reverse().join('.');

export const formatPeriod = (inv: Pick<Invoice, 'period_from' | 'period_to'>) => `${formatDay(inv.period_from)} – ${formatDay(inv.period_to)}`;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** Euro cents in de-DE form (1.234,50 €). */
export const formatEuro = (cents: number) => euro.format(cents / 100);

/** The number, or "Entwurf #id" before finalizing. */
export const invoiceLabel = (inv: Pick<Invoice, 'id' | 'number'>) => inv.number ?? T.draftNumber(inv.id);

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'kind'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[invoice.status]} className="whitespace-nowrap">
        <span data-testid="invoice-status">{INVOICE_STATUS_LABELS[invoice.status]}</span>
      </Badge>
      {invoice.kind === 'cancellation' ? (
        <Badge tone="red" className="whitespace-nowrap">
          {T.cancellationBadge}
        </Badge>
      ) : null}
    </span>
  );
}

const DOC_LABELS: Record<InvoiceDocument, string> = { pdf: T.pdf, xml: T.xml, csv: T.csv };

/** Download buttons for an invoice's documents. */
export function InvoiceDownloads({ invoice, docs }: { invoice: Pick<Invoice, 'id' | 'number'>; docs: InvoiceDocument[] }) {
  const save = (doc: InvoiceDocument) => downloadInvoice(invoice, doc).catch((e: unknown) => toast.error(errorMessage(e, T.downloadError)));
  return (
    <>
      {docs.map((doc) => (
        <Button
          key={doc}
          variant="secondary"
          size="sm"
          icon={<Download className="h-4 w-4" />}
          onClick={() => void save(doc)}
          aria-label={T.downloadLabel(DOC_LABELS[doc], invoiceLabel(invoice))}
          data-testid={`invoice-download-${doc}`}
        >
          {DOC_LABELS[doc]}
        </Button>
      ))}
    </>
  );
}
