import type { LabelOutput } from '../../../shared/domain/labels';
import { DHL_CARRIER } from '../../../shared/domain/shipping';
import { PACKING_MESSAGES, PACKING_VALIDATION } from '../../../shared/i18n/packing';
import { type ShipQuery, type ShipResponse, packageWeights } from '../../../shared/schemas/shipping';
import type { Actor } from '../../auth/actor';
import type { AppConfig } from '../../config';
import type { Db, Trx } from '../../db/index';
import { AppError } from '../../errors';
import { cancelShipments, createShipments, type DhlCallOptions, type DhlCreated, DhlError } from '../../integrations/dhl/client';
import { labelDataUrl, mergeLabels } from '../../integrations/dhl/labels';
import { buildOrderRequest, DHL_PROFILE, type DhlOrderRequest, isInternational } from '../../integrations/dhl/request';
import { loadDhlSettings } from '../../integrations/dhl/settings';
import { type IdempotentRequest, type IdempotentResult, runIdempotent, storedReplay } from '../../http-idempotency';
import { shipFreightGermany } from '../freight/direct';
import { writeStatusLog } from '../status-logs/writer';
import { waveOfOrder } from './queries';
import { claimShipment, completeShipment, manualShipment, releaseClaim, type ShipOrderRow, shippableOrder } from './ship';

/**
 * POST /outbound-orders/{id}/ship. Manual carriers: one transaction. DHL:
 *  1. checks (scope, packed, not claimed) and the settings (409 naming
 *     Einstellungen → Versand) before anything is claimed;
 *  2. claims the order in its own short transaction, so no lock is held
 *     while DHL answers and a second call gets 409 instead of labels;
 *  3. calls DHL once; on any failure the claim is released, shipments DHL
 *     created in a partly failed call are cancelled again, and a DHL refusal,
 *     fault or unreadable label is logged as label_failed in its own
 *     transaction (the ship itself leaves nothing behind);
 *  4. ships the order in a final transaction that checks the claim is still ours.
 */
export interface ShipDeps {
  config: Pick<AppConfig, 'settingsKey' | 'dhlApiBaseUrl'>;
  dhl?: DhlCallOptions;
  warn?: (msg: string, data: Record<string, unknown>) => void;
  /** Idempotency-Key: a retried ship (answer lost on the way) gets the first answer, labels included. */
  idempotencyKey?: string;
}

export async function shipOrder(db: Db, deps: ShipDeps, actor: Actor, id: number, q: ShipQuery): Promise<IdempotentResult<ShipResponse>> {
  const request = { route: `POST /outbound-orders/${id}/ship`, body: q };
  const earlier = await storedReplay<ShipResponse>(db, actor, deps.idempotencyKey, request);
  if (earlier) return earlier;
  if (q.carrier_type === 'freight') {
    return runIdempotent(db, actor, deps.idempotencyKey, request, (trx) => shipFreightGermany(trx, actor, id, q));
  }
  if (!q.create_dhl_labels) {
    return runIdempotent(db, actor, deps.idempotencyKey, request, async (trx) => {
      const o = await shippableOrder(trx, actor, id, true);
      if (o.claimed) throw new AppError('SHIP_IN_PROGRESS', { number: o.order_number });
      return completeShipment(trx, actor, o, manualShipment(q));
    });
  }
  return shipWithDhl(db, deps, actor, id, q, request);
}

async function shipWithDhl(db: Db, deps: ShipDeps, actor: Actor, id: number, q: ShipQuery, idem: IdempotentRequest): Promise<IdempotentResult<ShipResponse>> {
  const pre = await db.transaction().execute((trx) => shippableOrder(trx, actor, id, false));
  if (pre.claimed) throw new AppError('SHIP_IN_PROGRESS', { number: pre.order_number });
  const settings = await loadDhlSettings(db, deps.config, isInternational(pre.delivery_country));
  const weights = packageWeights(q);
  if (!weights) throw new AppError('VALIDATION', { field: 'label_weights', reason: PACKING_VALIDATION.packageWeightsRequired });
  const { order, claim } = await db.transaction().execute((trx) => claimShipment(trx, actor, id));
  const dhlRequest = buildOrderRequest(settings, order, weights);
  let created: DhlCreated[] = [];
  const undo = async (reason: string) => {
    const numbers = created.map((c) => c.shipmentNo);
    if (numbers.length > 0 && !(await cancelShipments(settings, DHL_PROFILE, numbers, deps.dhl))) {
      deps.warn?.('DHL shipments could not be cancelled', { order_id: id, shipments: numbers, reason });
    }
    await db.transaction().execute((trx) => releaseClaim(trx, id, claim));
  };
  try {
    created = await createShipments(settings, dhlRequest, deps.dhl);
  } catch (e) {
    if (e instanceof DhlError) {
      created = e.created.map((shipmentNo) => ({ shipmentNo, labelB64: '', warnings: [] }));
      await undo(`dhl ${e.kind}`);
      const refusal = e.toAppError();
      await logLabelFailed(db, deps, actor, order, weights, refusal, { dhl_kind: e.kind, dhl_status: e.status, cancelled_shipments: e.created });
      throw refusal;
    }
    await undo('error');
    throw e;
  }
  let merged: string;
  try {
    merged = await mergeLabels(
      created.map((c) => c.labelB64),
      settings.labelOutput,
    );
  } catch {
    await undo('label unreadable');
    const refusal = new AppError('DHL_LABEL_UNREADABLE');
    await logLabelFailed(db, deps, actor, order, weights, refusal, { cancelled_shipments: created.map((c) => c.shipmentNo) });
    throw refusal;
  }
  try {
    const labels = { created, merged, format: settings.labelOutput ?? 'pdf' };
    return await runIdempotent(db, actor, deps.idempotencyKey, idem, (trx) => finish(trx, actor, id, q, claim, labels, dhlRequest));
  } catch (e) {
    await undo('ship transaction failed');
    throw e;
  }
}

/**
 * label_failed in the packing log (docs/operations.md "Alerts": critical until the order
 * gets a label or ships), written after the failed call in its own
 * transaction. A failure to log is only warned: the packer gets DHL's answer.
 */
async function logLabelFailed(
  db: Db,
  deps: ShipDeps,
  actor: Actor,
  order: ShipOrderRow,
  weights: number[],
  refusal: AppError,
  dhl: { dhl_kind?: string; dhl_status?: number | string; cancelled_shipments: string[] },
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const wave = await waveOfOrder(trx, order.id);
      await writeStatusLog(trx, actor, {
        event_type: 'label_failed',
        order_id: order.id,
        wave_id: wave?.id ?? null,
        cart_id: wave?.cart_id ?? null,
        carrier: DHL_CARRIER,
        description: PACKING_MESSAGES.logLabelFailed(order.order_number, refusal.message),
        event_data: {
          order_id: order.id,
          order_number: order.order_number,
          error_code: refusal.code,
          detail: refusal.message,
          ...dhl,
          weights_grams: weights,
        },
      });
    });
  } catch (e) {
    deps.warn?.('label_failed could not be logged', { order_id: order.id, error: e instanceof Error ? e.message : String(e) });
  }
}

async function finish(
  trx: Trx,
  actor: Actor,
  id: number,
  q: ShipQuery,
  claim: Date,
  { created, merged, format }: { created: DhlCreated[]; merged: string; format: LabelOutput },
  request: DhlOrderRequest,
): Promise<ShipResponse> {
  const weights = packageWeights(q) ?? [];
  const o = await shippableOrder(trx, actor, id, true);
  if (!o.ship_claimed_at || o.ship_claimed_at.getTime() !== claim.getTime()) throw new AppError('SHIP_IN_PROGRESS', { number: o.order_number });
  return completeShipment(trx, actor, o, {
    query: q,
    trackingNumbers: created.map((c) => c.shipmentNo),
    dhl: {
      shipDate: request.shipments[0]?.shipDate ?? '',
      product: request.shipments[0]?.product ?? '',
      warnings: created.flatMap((c) => c.warnings),
      result: {
        num_created: created.length,
        merged_label: merged,
        labels: created.map((c, i) => ({ shipment_number: c.shipmentNo, weight_grams: weights[i] ?? 0, label_url: labelDataUrl(c.labelB64, format) })),
      },
    },
  });
}
