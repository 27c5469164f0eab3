import { useMutation } from '@tanstack/react-query';
import { Printer, QrCode } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { User } from '../../../shared/schemas/auth';
import { QrCodeResponse } from '../../../shared/schemas/users';
import { apiGet, errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ErrorBox } from '../../ui/misc';
import { QR_CODE_UI as T } from '../../../shared/i18n/users';

/**
 * Only the sheet is printed: every other child of <body> (the app, the dialog
 * portal) is hidden by this print stylesheet while the sheet is mounted.
 */
const PRINT_CSS = `
@media print {
  body > *:not(.qr-print-sheet) { display: none !important; }
  html, body { background: #fff !important; }
  .qr-print-sheet { display: flex !important; }
  @page { margin: 12mm; }
}`;

function PrintSheet({ qr }: { qr: QrCodeResponse }) {
  return createPortal(
    <div className="qr-print-sheet hidden flex-col items-center justify-center gap-3 pt-8 text-black">
      <style>{PRINT_CSS}</style>
      <img src={`data:image/png;base64,${qr.qr_code_base64}`} alt="" className="h-64 w-64" />
      <div className="text-2xl font-bold">{qr.full_name || qr.username}</div>
      {qr.full_name ? <div className="text-lg">{qr.username}</div> : null}
    </div>,
    document.body,
  );
}

/**
 * Generating is an explicit step: each new code replaces the stored token, so
 * the previously printed badge stops working at that moment.
 */
export function QrCodeDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const gen = useMutation({ mutationFn: (id: number) => apiGet(`/auth/qr-code/${id}`, QrCodeResponse) });
  const { reset } = gen;
  useEffect(() => {
    if (user) reset();
  }, [user, reset]);

  const qr = gen.data;
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={T.title(user?.full_name || user?.username || '')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.close}
          </Button>
          {qr ? (
            <Button icon={<Printer className="h-4 w-4" />} onClick={() => window.print()} data-testid="qr-print">
              {T.print}
            </Button>
          ) : (
            <Button icon={<QrCode className="h-4 w-4" />} busy={gen.isPending} onClick={() => user && gen.mutate(user.id)} data-testid="qr-generate">
              {T.generate}
            </Button>
          )}
        </>
      }
    >
      {gen.isError ? <ErrorBox>{errorMessage(gen.error, T.loadError)}</ErrorBox> : null}
      {qr ? (
        <div className="flex flex-col items-center gap-2" data-testid="qr-code">
          <img src={`data:image/png;base64,${qr.qr_code_base64}`} alt={T.imageAlt(qr.username)} className="h-56 w-56" data-testid="qr-image" />
          <div className="font-semibold">{qr.full_name || qr.username}</div>
          <p className="text-center text-xs text-slate-500">{T.oldInvalid}</p>
          <PrintSheet qr={qr} />
        </div>
      ) : !gen.isError ? (
        <p className="text-sm text-slate-700">
          {T.explain} <strong>{T.warning}</strong>
        </p>
      ) : null}
    </Dialog>
  );
}
