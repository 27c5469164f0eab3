import { CheckCircle2, PackageCheck, ScanLine } from 'lucide-react';
import { useState } from 'react';
import { allItemsTouched, discrepancyText } from '../../../shared/domain/notification-status';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { NOTIFICATION_UI, RECEIPT_FLOW_UI, RECEIPT_UI } from '../../../shared/i18n/inbound';
import { scanTexts } from '../../../shared/i18n/scan';
import type { WsLocation } from '../../../shared/schemas/locations';
import { type ScanResult, useScanWorkflow } from '../../scan/useScanWorkflow';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Badge } from '../../ui/misc';
import type { ReceiptActions } from './ReceiptModal';
import { ReceiptItemForm } from './ReceiptItemForm';
import { itemForEan, type ReceivableItem, type ReceivableNotification } from './receipt-queue';
import { texts } from '../../../shared/i18n/translate';

/**
 * The receipt modal's list step, built for a handheld at 360 px: scan (or
 * pick) an item, then ReceiptItemForm takes quantity, place and packaging.
 * When every item has a quantity, "Fertig".
 */
export function ReceiptFlow({
  view,
  locations,
  actions,
  onClose,
}: {
  view: ReceivableNotification;
  locations: readonly WsLocation[];
  actions: ReceiptActions;
  onClose: () => void;
}) {
  const T = texts(RECEIPT_FLOW_UI);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [scanText, setScanText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selected = view.items.find((i) => i.id === selectedId) ?? null;

  const pickEan = (code: string): ScanResult => {
    setScanText('');
    const item = itemForEan(view.items, code);
    if (!item) {
      const message = formatMessage(texts(scanTexts).notInNotification, { ean: code });
      setError(message);
      return { ok: false, message };
    }
    setError(null);
    setSelectedId(item.id);
  };
  // While an item is open, its form takes the scans.
  const scan = useScanWorkflow({ steps: [{ kind: 'ean', onScan: pickEan }], enabled: !selected });

  const done = allItemsTouched(view.items);
  const open = view.items.filter((i) => i.received_quantity <= 0);
  const touched = view.items.filter((i) => i.received_quantity > 0);

  const finish = async () => {
    await actions.complete();
    scan.report(
      {
        ok: true,
        message: navigator.onLine ? T.completed(view.notification_number) : T.completeQueued(view.notification_number),
      },
      'ean',
    );
    onClose();
  };

  if (selected) {
    return (
      <ReceiptItemForm
        key={selected.id}
        view={view}
        item={selected}
        locations={locations}
        actions={actions}
        onCancel={() => setSelectedId(null)}
        onSwitch={(id) => setSelectedId(id)}
        onDone={() => setSelectedId(null)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="receipt-flow">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{T.progress(touched.length, view.items.length)}</span>
        {view.completeQueued ? <Badge tone="green">{T.completeQueuedBadge}</Badge> : null}
      </div>
      <Field label={T.scanLabel} error={error}>
        {(id) => (
          <div className="flex gap-2">
            <Input
              id={id}
              big
              autoFocus
              inputMode="numeric"
              placeholder={T.scanPlaceholder}
              value={scanText}
              onChange={(e) => setScanText(e.target.value)}
              data-testid="receipt-scan"
              {...scan.field('ean')}
            />
            <ScanLine className="h-12 w-8 shrink-0 text-slate-400" aria-hidden />
          </div>
        )}
      </Field>
      {view.rejected.length > 0 ? (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {view.rejected.map((r) => (
            <div key={`${r.clientId}-${r.id}`}>{T.rejected(errorText(r.code ?? '', r.params ?? {}, texts(RECEIPT_UI).error))}</div>
          ))}
        </div>
      ) : null}
      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">{T.openItems(open.length)}</h3>
        {open.length === 0 ? <p className="text-sm text-slate-500">{T.allRecorded}</p> : null}
        <ul className="flex flex-col gap-2">
          {open.map((i) => (
            <ItemButton key={i.id} item={i} onClick={() => setSelectedId(i.id)} />
          ))}
        </ul>
      </section>
      {touched.length > 0 ? (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{T.recordedItems(touched.length)}</h3>
          <ul className="flex flex-col gap-2">
            {touched.map((i) => (
              <ItemButton key={i.id} item={i} onClick={() => setSelectedId(i.id)} />
            ))}
          </ul>
        </section>
      ) : null}
      {done ? (
        <Button size="lg" variant="success" icon={<PackageCheck className="h-5 w-5" />} onClick={() => void finish()} data-testid="receipt-finish">
          {T.finish}
        </Button>
      ) : null}
    </div>
  );
}

/** Display only: one announced item with received / expected and the discrepancy. */
function ItemButton({ item, onClick }: { item: ReceivableItem; onClick: () => void }) {
  const T = texts(RECEIPT_FLOW_UI);
  const diff = item.received_quantity - item.quantity;
  const text = item.received_quantity > 0 ? discrepancyText(diff) : null;
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex min-h-14 w-full items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:border-brand-500"
        data-testid={`receipt-item-${item.ean}`}
      >
        {item.image_url ? <img src={item.image_url} alt="" className="h-10 w-10 shrink-0 rounded object-cover" /> : null}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">{item.title}</span>
          <span className="block text-xs text-slate-500">{texts(NOTIFICATION_UI).ean(item.ean)}</span>
        </span>
        <span className="shrink-0 text-right text-sm">
          <span className="block font-semibold">
            {item.received_quantity} / {item.quantity}
          </span>
          {item.received_quantity > 0 ? (
            text ? (
              <span className="block text-xs text-amber-700">{text}</span>
            ) : (
              <CheckCircle2 className="ml-auto h-4 w-4 text-emerald-600" aria-label={T.complete} />
            )
          ) : null}
          {item.pending_quantity > 0 ? <span className="block text-xs text-slate-500">{T.notSent}</span> : null}
        </span>
      </button>
    </li>
  );
}
