import { useRef, useState } from 'react';
import { ADDRESS_RETRY_DELAY_MS } from '../../../shared/domain/shipping';
import { isDhlOutage, opensAddressCorrection, PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { DeliveryAddressField } from '../../../shared/schemas/address';
import type { PackingInfo } from '../../../shared/schemas/packing';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import { ApiError, errorMessage } from '../../app/api';
import { feedback } from '../../app/feedback';
import { toast } from '../../app/toast';
import { openDhlLabels, reserveLabelTab } from './labels';
import type { RequestFreightQuote, RequestFreightQuoteResponse } from '../../../shared/schemas/freight';
import { markPacked, newIdempotencyKey, type PackingAddress, requestFreightQuote, shipOrder } from './packing-api';
import type { ShipPlan } from './ship-form';

export type AddressFields = Pick<PackingInfo, DeliveryAddressField>;

/**
 * Packing and shipping one order, shared by the shipping step and the simple
 * packing view: mark-packed (once; a packed order is not packed again), then
 * ship; DHL labels opened; a DHL address refusal (DHL_ADDRESS_INVALID, and
 * only that) opens the address correction, whose save retries the same
 * shipment after 0.5 s (spec §8, §9). DHL unreachable (DHL_UNAVAILABLE)
 * keeps the order packed and offers `retry`: the same shipment, same key.
 * Needs the network and says so when there is none.
 */
export function useShipping(info: PackingInfo, onShipped: (res: ShipResponse) => void, fallback: string = texts(PACKING_UI).shipError) {
  const T = texts(PACKING_UI);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [address, setAddress] = useState<AddressFields>(info);
  const [correction, setCorrection] = useState<string | null>(null);
  /** DHL's outage as the server words it (no label made), while the retry is offered. */
  const [outage, setOutage] = useState<string | null>(null);
  const packed = useRef(info.status === 'packed');
  const lastPlan = useRef<ShipPlan | null>(null);
  /** One key per request content: the same shipment sent again reuses it (a lost answer is replayed, never a second label set). */
  const keys = useRef(new Map<string, string>());
  const keyFor = (what: string, content: unknown) => {
    const id = `${what} ${JSON.stringify(content)}`;
    let key = keys.current.get(id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(id, key);
    }
    return key;
  };

  const fail = (message: string) => {
    feedback.error();
    setError(message);
    toast.error(message);
  };

  /** mark-packed once (a packed order is not packed again); false when it failed (and said so). */
  const ensurePacked = async (pack: ShipPlan['pack']): Promise<boolean> => {
    if (packed.current) return true;
    try {
      await markPacked(info.id, pack, keyFor('pack', pack));
    } catch (e) {
      fail(errorMessage(e, T.packShipError));
      return false;
    }
    packed.current = true;
    return true;
  };

  const ship = async (plan: ShipPlan) => {
    if (!navigator.onLine) return fail(T.offline);
    lastPlan.current = plan;
    setBusy(true);
    setError(null);
    const tab = plan.query.create_dhl_labels === 'true' ? reserveLabelTab() : null;
    try {
      if (!(await ensurePacked(plan.pack))) {
        tab?.close();
        return;
      }
      let res: ShipResponse;
      try {
        res = await shipOrder(info.id, plan.query, keyFor('ship', plan.query));
      } catch (e) {
        tab?.close();
        if (e instanceof ApiError && isDhlOutage(e.code)) {
          feedback.error();
          setOutage(e.detail);
          return;
        }
        setOutage(null);
        if (e instanceof ApiError && opensAddressCorrection(e.code)) {
          feedback.error();
          setCorrection(typeof e.params.message === 'string' && e.params.message ? e.params.message : e.detail);
          return;
        }
        return fail(errorMessage(e, fallback));
      }
      setOutage(null);
      if (res.dhl_result) openDhlLabels(res.dhl_result, res.order_number, tab);
      else tab?.close();
      feedback.success();
      // The server's message, in the language in use (PACKING_MESSAGES.shipped / shippedDhl).
      toast.success(res.dhl_result ? `${T.shipped(res.order_number)} – ${T.labelsCreated(res.dhl_result.num_created)}` : T.shipped(res.order_number));
      onShipped(res);
    } finally {
      setBusy(false);
    }
  };

  /** Freight abroad: pack, then ask for a quotation (the order stays packed). */
  const quote = async (body: RequestFreightQuote, pack: ShipPlan['pack'], onRequested: (res: RequestFreightQuoteResponse) => void) => {
    if (!navigator.onLine) return fail(T.offline);
    setBusy(true);
    setError(null);
    try {
      if (!(await ensurePacked(pack))) return;
      const res = await requestFreightQuote(info.id, body);
      feedback.success();
      toast.success(res.message);
      onRequested(res);
    } catch (e) {
      fail(errorMessage(e, T.quoteError));
    } finally {
      setBusy(false);
    }
  };

  /** The corrected address is saved: show it, and ship again after 0.5 s. */
  const addressSaved = (a: PackingAddress) => {
    setAddress((old) => ({ ...old, ...a }));
    setCorrection(null);
    toast.info(T.addressUpdated);
    const plan = lastPlan.current;
    if (plan) setTimeout(() => void ship(plan), ADDRESS_RETRY_DELAY_MS);
  };

  /** DHL is back (the packer says so): the same shipment again. */
  const retry = () => {
    const plan = lastPlan.current;
    if (plan) void ship(plan);
  };

  return {
    busy,
    error,
    address,
    correction,
    outage,
    ship,
    quote,
    addressSaved,
    retry,
    closeCorrection: () => setCorrection(null),
    closeOutage: () => setOutage(null),
  };
}
