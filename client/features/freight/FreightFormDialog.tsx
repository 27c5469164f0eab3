import type { FormEvent, ReactNode } from 'react';
import { FREIGHT_UI as T } from '../../../shared/i18n/freight';
import type { FreightQuotation } from '../../../shared/schemas/freight';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

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
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
