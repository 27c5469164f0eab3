import type { FormEvent, ReactNode } from 'react';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import { Dialog, FormFooter } from '../../ui/Dialog';

/**
 * The frame the freight dialogs share (OfferDialog, ShipFreightDialog): a
 * dialog for one quotation, open while it is given, holding one form with
 * cancel and submit in the footer. `onSubmit` is called with the quotation.
 */
export function FreightFormDialog({
  quotation,
  onClose,
  title,
  formId,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: {
  quotation: FreightQuotation | null;
  onClose: () => void;
  title: (orderNumber: string) => string;
  formId: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (quotation: FreightQuotation) => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (quotation) onSubmit(quotation);
  };
  return (
    <Dialog
      open={quotation !== null}
      onOpenChange={(o) => !o && onClose()}
      title={quotation ? title(quotation.order_number) : ''}
      footer={<FormFooter form={formId} busy={busy} onCancel={onClose} submitLabel={busy ? busyLabel : submitLabel} />}
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
