import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { INVOICE_UI as T } from '../../../shared/i18n/invoices';
import type { InvoiceDetail } from '../../../shared/schemas/invoices';
import { errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorBox } from '../../ui/misc';
import { QueryView } from '../../ui/QueryView';
import { type InvoiceAction, useInvoice, useInvoiceAction } from './api';
import { InvoiceDetailView } from './InvoiceDetailView';

/** /billing/invoices/$invoiceId (admin): loads the invoice and runs its actions, the risky ones after a confirmation. */

type Confirmable = Exclude<InvoiceAction, 'recompute'>;

function confirmText(action: Confirmable, inv: InvoiceDetail) {
  if (action === 'finalize') return { title: T.finalizeTitle, message: T.finalizeQuestion, label: T.finalize, danger: false };
  if (action === 'delete') return { title: T.deleteTitle, message: T.deleteQuestion(inv.customer_name), label: T.deleteDraft, danger: true };
  return { title: T.cancelTitle, message: T.cancelQuestion(inv.number ?? ''), label: T.cancel, danger: true };
}

export function InvoiceDetailScreen() {
  const params = useParams({ strict: false }) as { invoiceId?: string };
  const id = Number(params.invoiceId);
  const navigate = useNavigate();
  const q = useInvoice(id);
  const act = useInvoiceAction(id);
  const relatedId = q.data?.cancels_invoice_id ?? q.data?.cancelled_by_invoice_id ?? 0;
  const related = useInvoice(relatedId);
  const [confirm, setConfirm] = useState<Confirmable | null>(null);

  const run = (action: InvoiceAction) =>
    act.mutate(action, {
      onSuccess: (inv) => {
        setConfirm(null);
        if (action === 'delete' || !inv) {
          toast.success(T.deleted);
          void navigate({ to: '/billing' });
        } else if (action === 'cancel') {
          toast.success(T.cancelled(inv.number ?? ''));
          void navigate({ to: '/billing/invoices/$invoiceId', params: { invoiceId: String(inv.id) } });
        } else {
          toast.success(action === 'finalize' ? T.finalized(inv.number ?? '') : T.recomputed);
        }
      },
      onError: () => setConfirm(null),
    });

  return (
    <QueryView query={q} error={T.detailError} notFound={T.detailError}>
      {(inv) => {
        const c = confirm ? confirmText(confirm, inv) : null;
        return (
          <>
            {act.isError ? (
              <div className="mb-3">
                <ErrorBox>{errorMessage(act.error, T.actionError)}</ErrorBox>
              </div>
            ) : null}
            <InvoiceDetailView
              inv={inv}
              related={relatedId ? (related.data?.number ?? null) : null}
              busy={act.isPending}
              onAction={(a) => (a === 'recompute' ? run(a) : setConfirm(a))}
            />
            <ConfirmDialog
              open={c !== null}
              onOpenChange={(o) => !o && setConfirm(null)}
              title={c?.title ?? ''}
              message={c?.message ?? ''}
              confirmLabel={c?.label}
              danger={c?.danger}
              busy={act.isPending}
              onConfirm={() => confirm && run(confirm)}
            />
          </>
        );
      }}
    </QueryView>
  );
}
