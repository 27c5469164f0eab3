import { CheckCircle2, CircleAlert, PackageCheck, ScanLine, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { allItemsTouched, discrepancyText } from '../../../shared/domain/notification-status';
import { errorText } from '../../../shared/i18n/errors/index';
import { useSession } from '../../app/auth';
import { feedback } from '../../app/feedback';
import { useScanner } from '../../app/scanner';
import { toast } from '../../app/toast';
import { useOnline } from '../../app/useOnline';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Spinner } from '../../ui/misc';
import { autoFillCartons, checkPackaging, deliveryDifference, digitsOnly, packagingPayload, parseQuantity, receiptFormError } from './receipt-logic';
import {
  enqueueComplete,
  enqueueReceipt,
  itemForEan,
  locationByBarcode,
  type ReceivableItem,
  type ReceivableNotification,
  useLocalLocations,
  useReceivableNotification,
} from './receipt-queue';
import { requestSync } from './sync-bridge';

/** Scan confirmations vanish quickly on the handheld (spec part 2 §9: success messages hide after 1.5 s). */
const SCAN_TOAST_MS = 1500;

/**
 * "Wareneingang verarbeiten" for one announcement, built for a handheld at
 * 360 px: scan (or pick) an item, enter the received quantity, scan (or
 * choose) the place, optional batch / best-before and two packaging levels,
 * confirm. Works offline: data from the device working set, each confirmed
 * line queued as a receipt.receiveItem mutation.
 */
export function ReceiptModal({ notificationId, onClose }: { notificationId: number; onClose: () => void }) {
  const view = useReceivableNotification(notificationId);
  const online = useOnline();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Wareneingang verarbeiten" size="lg" description={view ? `${view.notification_number} · ${view.customer_name}` : undefined}>
      {!online ? (
        <div className="mb-3 flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="receipt-offline">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
          Offline – Buchungen werden auf dem Gerät gespeichert und bei Verbindung übertragen.
        </div>
      ) : null}
      {view === undefined ? (
        <Spinner />
      ) : view === null ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="receipt-unavailable">
          Diese Avisierung ist auf diesem Gerät nicht verfügbar (nicht synchronisiert oder bereits abgeschlossen).
          {online ? ' Bitte kurz warten, bis die Synchronisierung abgeschlossen ist.' : ' Bitte mit Verbindung synchronisieren.'}
        </div>
      ) : (
        <ReceiptFlow view={view} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ReceiptFlow({ view, onClose }: { view: ReceivableNotification; onClose: () => void }) {
  const { user } = useSession();
  const locations = useLocalLocations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [scanText, setScanText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selected = view.items.find((i) => i.id === selectedId) ?? null;
  const scanRef = useRef<HTMLInputElement>(null);

  const pickEan = (code: string) => {
    const item = itemForEan(view.items, code.trim());
    if (!item) {
      const msg = `Artikel mit EAN ${code.trim()} nicht in dieser Avisierung gefunden`;
      setError(msg);
      toast.error(msg);
      feedback.error();
      return;
    }
    setError(null);
    feedback.success();
    setSelectedId(item.id);
  };

  useScanner((e) => {
    if (selected) return; // the item form handles its own scans
    if (e.target === scanRef.current) return; // handled by the field's Enter
    pickEan(e.code);
  });

  const done = allItemsTouched(view.items);
  const open = view.items.filter((i) => i.received_quantity <= 0);
  const touched = view.items.filter((i) => i.received_quantity > 0);

  const finish = async () => {
    if (!user) return;
    await enqueueComplete(user.id, view);
    requestSync();
    toast.success(
      navigator.onLine ? `Wareneingang ${view.notification_number} abgeschlossen` : `Abschluss von ${view.notification_number} vorgemerkt – wird bei Verbindung übertragen`,
      SCAN_TOAST_MS,
    );
    onClose();
  };

  if (selected) {
    return (
      <ItemForm
        key={selected.id}
        view={view}
        item={selected}
        locations={locations ?? []}
        onCancel={() => setSelectedId(null)}
        onSwitch={(id) => setSelectedId(id)}
        onDone={() => setSelectedId(null)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="receipt-flow">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>
          {touched.length} von {view.items.length} Artikeln erfasst
        </span>
        {view.completeQueued ? <Badge tone="green">Abschluss vorgemerkt</Badge> : null}
      </div>
      <Field label="Artikel scannen (EAN)" error={error}>
        {(id) => (
          <div className="flex gap-2">
            <Input
              id={id}
              ref={scanRef}
              big
              autoFocus
              inputMode="numeric"
              placeholder="EAN scannen oder eingeben"
              value={scanText}
              onChange={(e) => setScanText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && scanText.trim()) {
                  e.preventDefault();
                  pickEan(scanText);
                  setScanText('');
                }
              }}
              data-testid="receipt-scan"
            />
            <ScanLine className="h-12 w-8 shrink-0 text-slate-400" aria-hidden />
          </div>
        )}
      </Field>
      {view.rejected.length > 0 ? (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {view.rejected.map((r) => (
            <div key={`${r.clientId}-${r.id}`}>Abgelehnt: {errorText(r.code ?? '', r.params ?? {}, 'Fehler beim Wareneingang')}</div>
          ))}
        </div>
      ) : null}
      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Offene Artikel ({open.length})</h3>
        {open.length === 0 ? <p className="text-sm text-slate-500">Alle Artikel erfasst.</p> : null}
        <ul className="flex flex-col gap-2">
          {open.map((i) => (
            <ItemButton key={i.id} item={i} onClick={() => setSelectedId(i.id)} />
          ))}
        </ul>
      </section>
      {touched.length > 0 ? (
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Erfasst ({touched.length})</h3>
          <ul className="flex flex-col gap-2">
            {touched.map((i) => (
              <ItemButton key={i.id} item={i} onClick={() => setSelectedId(i.id)} />
            ))}
          </ul>
        </section>
      ) : null}
      {done ? (
        <Button size="lg" variant="success" icon={<PackageCheck className="h-5 w-5" />} onClick={finish} data-testid="receipt-finish">
          Fertig
        </Button>
      ) : null}
    </div>
  );
}

function ItemButton({ item, onClick }: { item: ReceivableItem; onClick: () => void }) {
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
          <span className="block text-xs text-slate-500">EAN {item.ean}</span>
        </span>
        <span className="shrink-0 text-right text-sm">
          <span className="block font-semibold">
            {item.received_quantity} / {item.quantity}
          </span>
          {item.received_quantity > 0 ? (
            text ? (
              <span className="block text-xs text-amber-700">{text}</span>
            ) : (
              <CheckCircle2 className="ml-auto h-4 w-4 text-emerald-600" aria-label="vollständig" />
            )
          ) : null}
          {item.pending_quantity > 0 ? <span className="block text-xs text-slate-500">nicht übertragen</span> : null}
        </span>
      </button>
    </li>
  );
}

interface LevelState {
  per: string;
  count: string;
}

function PackagingLevelFields({ label, testId, value, received, onChange }: { label: string; testId: string; value: LevelState; received: number; onChange: (v: LevelState) => void }) {
  const per = parseQuantity(value.per);
  const count = parseQuantity(value.count);
  const check = checkPackaging(per, count, received);
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Stück pro Karton">
          {(id) => (
            <Input
              id={id}
              big
              inputMode="numeric"
              value={value.per}
              data-testid={`${testId}-per`}
              onChange={(e) => {
                const nextPer = digitsOnly(e.target.value);
                const auto = autoFillCartons(received, parseQuantity(nextPer));
                onChange({ per: nextPer, count: auto !== null ? String(auto) : value.count });
              }}
            />
          )}
        </Field>
        <Field label="Anzahl Kartons">
          {(id) => <Input id={id} big inputMode="numeric" value={value.count} data-testid={`${testId}-count`} onChange={(e) => onChange({ ...value, count: digitsOnly(e.target.value) })} />}
        </Field>
      </div>
      {check ? (
        <div className="mt-2 text-sm text-amber-800" data-testid={`${testId}-warning`}>
          <div>{check.warning}</div>
          {check.remainder ? <div>{check.remainder}</div> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

function ItemForm({
  view,
  item,
  locations,
  onCancel,
  onSwitch,
  onDone,
}: {
  view: ReceivableNotification;
  item: ReceivableItem;
  locations: Array<{ id: number; barcode: string; path: string; is_active: boolean }>;
  onCancel: () => void;
  onSwitch: (id: number) => void;
  onDone: () => void;
}) {
  const { user } = useSession();
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
  const locRef = useRef<HTMLInputElement>(null);
  const received = parseQuantity(qty);
  const diff = deliveryDifference(item.quantity, item.received_quantity, received);
  const remaining = Math.max(0, item.quantity - item.received_quantity);

  useEffect(() => qtyRef.current?.focus(), []);

  const resolveLocation = async (code: string) => {
    const loc = await locationByBarcode(code.trim());
    setLocCode(code.trim());
    if (!loc) {
      setLocId(null);
      const msg = `Lagerplatz ${code.trim()} nicht gefunden`;
      setError(msg);
      feedback.error();
      return;
    }
    setLocCode(loc.barcode);
    setLocId(loc.id);
    setError(null);
    feedback.success();
  };

  useScanner((e) => {
    if (e.target === locRef.current) return; // handled by the field's Enter
    const other = itemForEan(view.items, e.code);
    if (other && other.id !== item.id) {
      onSwitch(other.id);
      return;
    }
    if (other) return; // the same item scanned again
    void resolveLocation(e.code);
  });

  const confirm = async () => {
    const problem = receiptFormError({ quantity: received, locationId: locId });
    if (problem) {
      setError(problem);
      feedback.error();
      return;
    }
    if (!user || !locId) return;
    setBusy(true);
    try {
      await enqueueReceipt(
        user.id,
        view,
        {
          ean: item.ean,
          quantity: received,
          unit: item.unit,
          location_id: locId,
          batch_number: batch.trim() || null,
          expiry_date: expiry || null,
          packaging_level1: packagingPayload(parseQuantity(level1.per), parseQuantity(level1.count)),
          packaging_level2: packagingPayload(parseQuantity(level2.per), parseQuantity(level2.count)),
        },
      );
      requestSync();
      feedback.success();
      toast.success(`${received} × ${item.title} erfasst`, SCAN_TOAST_MS);
      onDone();
    } catch {
      toast.error('Fehler beim Wareneingang');
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
          <div className="text-xs text-slate-500">EAN {item.ean}</div>
          <div className="mt-1 text-sm">
            Erwartet: <strong>{item.quantity}</strong> · bisher erhalten: <strong>{item.received_quantity}</strong>
            {item.received_quantity > 0 ? <> · offen: {remaining}</> : null}
          </div>
        </div>
      </div>
      <Field label="Erhaltene Menge" required>
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
          {discrepancyText(diff)} Stück
        </div>
      ) : null}
      <Field label="Lagerplatz" required hint={locId ? `Gewählt: ${locations.find((l) => l.id === locId)?.path ?? locCode}` : 'Barcode scannen oder auswählen'}>
        {(id) => (
          <div className="flex flex-col gap-2">
            <Input
              id={id}
              ref={locRef}
              big
              placeholder="Lagerplatz scannen"
              value={locCode}
              onChange={(e) => {
                setLocCode(e.target.value);
                setLocId(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && locCode.trim()) {
                  e.preventDefault();
                  void resolveLocation(locCode);
                }
              }}
              data-testid="receipt-location"
            />
            <Select
              big
              aria-label="Lagerplatz auswählen"
              value={locId ?? ''}
              onChange={(e) => {
                const l = locations.find((x) => x.id === Number(e.target.value));
                setLocId(l?.id ?? null);
                setLocCode(l?.barcode ?? '');
              }}
              data-testid="receipt-location-select"
            >
              <option value="">Lagerplatz auswählen…</option>
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
        <Field label="Chargennummer">{(id) => <Input id={id} big value={batch} onChange={(e) => setBatch(e.target.value)} data-testid="receipt-batch" />}</Field>
        <Field label="Mindesthaltbarkeitsdatum">{(id) => <Input id={id} big type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} data-testid="receipt-expiry" />}</Field>
      </div>
      <PackagingLevelFields label="Großkarton" testId="receipt-level1" value={level1} received={received} onChange={setLevel1} />
      <PackagingLevelFields label="Kleinkarton" testId="receipt-level2" value={level2} received={received} onChange={setLevel2} />
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert" data-testid="receipt-error">
          {error}
        </p>
      ) : null}
      <div className="sticky bottom-0 -mx-5 flex gap-2 border-t border-slate-200 bg-white px-5 py-3">
        <Button size="lg" variant="secondary" onClick={onCancel} className="flex-1">
          Zurück
        </Button>
        <Button size="lg" onClick={confirm} busy={busy} className="flex-[2]" data-testid="receipt-confirm">
          Artikel bestätigen
        </Button>
      </div>
    </div>
  );
}
