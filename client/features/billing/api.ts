import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '../../../shared/constants';
import { INVOICE_CSV, INVOICE_WORDS } from '../../../shared/i18n/billing';
import { StorageSnapshot } from '../../../shared/schemas/billing';
import { OkResponse } from '../../../shared/schemas/common';
import { type CreateInvoiceRequest, type Invoice, InvoiceDetail, InvoiceList } from '../../../shared/schemas/invoices';
import { apiDelete, apiGet, apiPost, qs } from '../../app/api';
import { downloadFile } from '../../app/download';

/** Query keys and calls of the invoices (docs/operations.md "Billing (Abrechnung)"). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (customerId: number | null, status: InvoiceStatus | null) => ['invoices', 'list', customerId, status] as const,
  detail: (id: number) => ['invoices', id] as const,
};

export function useInvoices(customerId: number | null = null, status: InvoiceStatus | null = null) {
  return useQuery({
    queryKey: invoiceKeys.list(customerId, status),
    queryFn: () => apiGet(`/invoices${qs({ customer_id: customerId, status })}`, InvoiceList),
  });
}

export function useInvoice(id: number) {
  return useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => apiGet(`/invoices/${id}`, InvoiceDetail), enabled: Number.isInteger(id) && id > 0 });
}

export function useCreateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) => apiPost('/invoices', body, InvoiceDetail),
    onSuccess: (inv) => {
      qc.setQueryData(invoiceKeys.detail(inv.id), inv);
      return qc.invalidateQueries({ queryKey: ['invoices', 'list'] });
    },
  });
}

export type InvoiceAction = 'recompute' | 'finalize' | 'cancel' | 'delete';

/** One of the actions on an invoice; answers the invoice the screen shows next (null after deleting). */
export function useInvoiceAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (action: InvoiceAction): Promise<InvoiceDetail | null> => {
      if (action === 'delete') {
        await apiDelete(`/invoices/${id}`, OkResponse);
        return null;
      }
      return apiPost(`/invoices/${id}/${action}`, undefined, InvoiceDetail);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export function useStorageSnapshot() {
  return useMutation({ mutationFn: (date: string) => apiPost(`/billing/storage-snapshots${qs({ date })}`, undefined, StorageSnapshot) });
}

export type InvoiceDocument = 'pdf' | 'xml' | 'csv';

const DOCUMENTS: Record<InvoiceDocument, { path: string; accept: string; file: (name: string) => string }> = {
  pdf: { path: 'pdf', accept: 'application/pdf', file: INVOICE_WORDS.pdfFile },
  xml: { path: 'xrechnung.xml', accept: 'application/xml', file: INVOICE_WORDS.xmlFile },
  csv: { path: 'lines.csv', accept: 'text/csv', file: INVOICE_CSV.file },
};

/** Saves one of an invoice's documents under the server's name for it (its number, a draft its id). */
export function downloadInvoice(inv: Pick<Invoice, 'id' | 'number'>, doc: InvoiceDocument): Promise<void> {
  const d = DOCUMENTS[doc];
  return downloadFile(`/invoices/${inv.id}/${d.path}`, d.file(inv.number ?? INVOICE_WORDS.draftFile(inv.id)), d.accept);
}
