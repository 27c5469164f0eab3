import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { discrepancyText } from '../../../shared/domain/notification-status';
import { errorText } from '../../../shared/i18n/errors/index';
import { NOTIFICATION_UI, RECEIPT_UI } from '../../../shared/i18n/inbound';
import { UI } from '../../../shared/i18n/ui';
import type { WsLocation } from '../../../shared/schemas/locations';
import { type ScanResult, type ScanStep, useScanWorkflow } from '../../scan/useScanWorkflow';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { LocalStockError } from '../stock/local-stock';
import { type LevelState, PackagingLevelFields } from './PackagingLevelFields';
import type { ReceiptActions } from './ReceiptModal';
import { deliveryDifference, digitsOnly, packagingPayload, parseQuantity, receiptFormError } from './receipt-logic';
import { itemForEan, locationByBarcode, type ReceivableItem, type ReceivableNotification } from './receipt-queue';
import { texts } from '../../../shared/i18n/translate';

/**
 * One item of the receipt: received quantity, the place (scanned or chosen),
 * optional batch / best-before and two packaging levels, confirm. Scanning
 * another announced article switches to it; anything else is taken as the place.
 */
export function ReceiptItemForm({
  view,
  item,
  locations,
  actions,
  onCancel,
  onSwitch,
  onDone,
}: {
  view: ReceivableNotification;
  item: ReceivableItem;
  locations: readonly WsLocation[];
  actions: ReceiptActions;
  onCancel: () => void;
  onSwitch: (id: number) => void;
  onDone: () => void;
}) {
  const T = texts(RECEIPT_UI);
  const [qty, setQty] = useState('');
  const [locCode, setLocCode] = useState('');
  const [locId, setLocId] = useState<number | null>(null);
  const [batch, setBatch] = useState('');
  const [expiry, setExpiry] = useState('');
  const [level1, setLevel1] = useState<LevelState>({ per: '', count: '' });
  const [level2, setLevel2] = useState<LevelState>({ per: '', count: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qtyRef = useRef<HTMLInputElement>(null);
  const received = parseQuantity(qty);
  const diff = deliveryDifference(item.quantity, item.received_quantity, received);
  const remaining = Math.max(0, item.quantity - item.received_quantity);

  useEffect(() => qtyRef.current?.focus(), []);

  const resolveLocation = async (code: string): Promise<ScanResult> => {
    setLocCode(code);
    const { place: loc, error: miss } = await locationByBarcode(code);
    if (!loc) {
      setLocId(null);
      setError(miss);
      return { ok: false };
    }
    setLocCode(loc.barcode);
    setLocId(loc.id);
    setError(null);
  };

  const steps: ScanStep[] = [
    {
      kind: 'ean',
      // In the place field every code is a place; elsewhere an announced article is one.
      recognizes: (code, { field }) => field !== 'location' && itemForEan(view.items, code) !== undefined,
      onScan: (code) => {
        const other = itemForEan(view.items, code);
        if (other && other.id !== item.id) onSwitch(other.id);
      },
    },
    { kind: 'location', onScan: resolveLocation },
  ];
  const scan = useScanWorkflow({ steps });

  const confirm = async () => {
    const problem = receiptFormError({ quantity: received, locationId: locId });
    if (problem || !locId) {
      setError(problem);
      scan.report({ ok: false });
      return;
    }
    setBusy(true);
    try {
      await actions.receive({
        ean: item.ean,
        quantity: received,
        unit: item.unit,
        location_id: locId,
        batch_number: batch.trim() || null,
        expiry_date: expiry || null,
        packaging_level1: packagingPayload(parseQuantity(level1.per), parseQuantity(level1.count)),
        packaging_level2: packagingPayload(parseQuantity(level2.per), parseQuantity(level2.count)),
      });
      scan.report({ ok: true, message: T.recorded(received, item.title) }, 'ean');
      onDone();
    } catch (e) {
      // A refusal of the device (a place being counted) in the server's words.
      scan.report({ ok: false, message: e instanceof LocalStockError ? errorText(e.code, e.params) : T.error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="receipt-item-form">
      <div className="flex items-start gap-3 rounded-md bg-slate-50 p-3">
        {item.image_url ? <img src={item.image_url} alt="" className="h-14 w-14 shrink-0 rounded object-cover" /> : null}
        <div className="min-w-0">
          <div className="font-semibold text-slate-900" data-testid="receipt-item-title">
            {item.title}
          </div>
          <div className="text-xs text-slate-500">{texts(NOTIFICATION_UI).ean(item.ean)}</div>
          <div className="mt-1 text-sm">
            {T.expected}: <strong>{item.quantity}</strong> · {T.receivedSoFar}: <strong>{item.received_quantity}</strong>
            {item.received_quantity > 0 ? (
              <>
                {' '}
                · {T.open}: {remaining}
              </>
            ) : null}
          </div>
        </div>
      </div>
      <Field label={T.receivedQuantity} required>
        {(id) => (
          <Input
            id={id}
            ref={qtyRef}
            big
            inputMode="numeric"
            value={qty}
            placeholder={String(remaining || item.quantity)}
            onChange={(e) => setQty(digitsOnly(e.target.value))}
            data-testid="receipt-quantity"
          />
        )}
      </Field>
      {received > 0 && diff !== 0 ? (
        <div className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="receipt-difference">
          <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
          {T.difference(discrepancyText(diff) ?? '')}
        </div>
      ) : null}
      <Field label={T.location} required hint={locId ? T.locationChosen(locations.find((l) => l.id === locId)?.path ?? locCode) : T.locationHint}>
        {(id) => (
          <div className="flex flex-col gap-2">
            <Input
              id={id}
              big
              placeholder={T.scanLocation}
              value={locCode}
              onChange={(e) => {
                setLocCode(e.target.value);
                setLocId(null);
              }}
              data-testid="receipt-location"
              {...scan.field('location')}
            />
            <Select
              big
              aria-label={T.chooseLocation}
              value={locId ?? ''}
              onChange={(e) => {
                const l = locations.find((x) => x.id === Number(e.target.value));
                setLocId(l?.id ?? null);
                setLocCode(l?.barcode ?? '');
              }}
              data-testid="receipt-location-select"
            >
              <option value="">{T.chooseLocationOption}</option>
              {locations
                .filter((l) => l.is_active)
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.barcode} – {l.path}
                  </option>
                ))}
            </Select>
          </div>
        )}
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={T.batch}>{(id) => <Input id={id} big value={batch} onChange={(e) => setBatch(e.target.value)} data-testid="receipt-batch" />}</Field>
        <Field label={T.expiry}>
          {(id) => <Input id={id} big type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} data-testid="receipt-expiry" />}
        </Field>
      </div>
      <PackagingLevelFields label={T.level1} testId="receipt-level1" value={level1} received={received} onChange={setLevel1} />
      <PackagingLevelFields label={T.level2} testId="receipt-level2" value={level2} received={received} onChange={setLevel2} />
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert" data-testid="receipt-error">
          {error}
        </p>
      ) : null}
      <div className="sticky bottom-0 -mx-5 flex gap-2 border-t border-slate-200 bg-white px-5 py-3">
        <Button size="lg" variant="secondary" onClick={onCancel} className="flex-1">
          {texts(UI).back}
        </Button>
        <Button size="lg" onClick={() => void confirm()} busy={busy} className="flex-[2]" data-testid="receipt-confirm">
          {T.confirm}
        </Button>
      </div>
    </div>
  );
}
