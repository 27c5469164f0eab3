import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { ORDER_IMPORT_UI as T } from '../../../shared/i18n/order-import';
import { OrderImportPreview, OrderImportResult, OrderImportRowError } from '../../../shared/schemas/order-import';
import { ApiError, apiPost, errorMessage, RawBody } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { ErrorBox, Spinner } from '../../ui/misc';
import { useRefreshOrders } from './hooks';
import { ImportColumns, ImportErrors, ImportPreview } from './OrderImportParts';

/**
 * "CSV importieren" on the customer's orders screen: the chosen file goes to
 * POST /outbound-orders/import?dry_run=true; the dialog shows the orders it
 * would book or the refusals per row, and "Importieren" sends the same text
 * for real (docs/integrations.md "CSV order import").
 */

const RowErrors = OrderImportRowError.array();
const preview = (csv: string) => apiPost('/outbound-orders/import?dry_run=true', new RawBody(csv, 'text/csv'), OrderImportPreview);
const importCsv = (csv: string) => apiPost('/outbound-orders/import', new RawBody(csv, 'text/csv'), OrderImportResult);

/** The refusal's rows when the server sent them (400 with params.rows, 409 with the known references). */
function rowsOf(e: unknown): OrderImportRowError[] | null {
  if (!(e instanceof ApiError)) return null;
  const rows = RowErrors.safeParse(e.params.rows);
  return rows.success && rows.data.length > 0 ? rows.data : null;
}

export function OrderImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<Upload className="h-4 w-4" />} onClick={() => setOpen(true)} data-testid="order-import">
        {T.open}
      </Button>
      {open ? <OrderImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function OrderImportDialog({ onClose }: { onClose: () => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const refresh = useRefreshOrders();
  const check = useMutation({ mutationFn: preview });
  const book = useMutation({
    mutationFn: importCsv,
    onSuccess: (r) => {
      toast.success(T.done(r.created.length));
      refresh();
      onClose();
    },
  });
  const choose = async (file: File | undefined) => {
    book.reset();
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    check.mutate(text);
  };
  const failed = book.error ?? check.error;
  const rows = rowsOf(failed);
  const ready = csv !== null && check.isSuccess && !book.error;
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={T.title}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button disabled={!ready} busy={book.isPending} onClick={() => csv !== null && book.mutate(csv)} data-testid="import-submit">
            {T.submit}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ImportColumns />
        <Field label={T.file}>
          {(id) => (
            <input
              id={id}
              type="file"
              accept=".csv,text/csv"
              className="block w-full text-sm file:mr-3 file:min-h-12 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:text-sm file:font-medium"
              onChange={(e) => void choose(e.target.files?.[0])}
              data-testid="import-file"
            />
          )}
        </Field>
        {check.isPending ? <Spinner label={T.checking} /> : null}
        {rows ? <ImportErrors rows={rows} /> : null}
        {failed && !rows ? <ErrorBox>{errorMessage(failed, T.errorsTitle)}</ErrorBox> : null}
        {check.data && !failed ? <ImportPreview preview={check.data} /> : null}
      </div>
    </Dialog>
  );
}
