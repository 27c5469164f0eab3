import type { LabelOutput } from '../../../shared/domain/labels';
import { AppError } from '../../errors';
import { DHL_PRINT_FORMAT, type DhlOrderRequest } from './request';
import type { DhlSettings } from './settings';

/**
 * The one client of DHL Parcel DE Shipping API v2 (docs/fulfilment.md "DHL Parcel DE Shipping v2"):
 * POST {base}/orders?includeDocs=include&docFormat=PDF|ZPL2&printFormat=…&mustEncode=true
 * with the `dhl-api-key` header and HTTP Basic (portal user and password).
 * docFormat follows the setting label_output (docs/integrations.md "Label
 * printers (ZPL)"): ZPL2 comes back as text in `label.zpl2` (OpenAPI
 * `Document`); a base64 `label.b64` with fileFormat ZPL2 is read as well.
 * mustEncode: a German address DHL cannot route gets no label (an error we
 * show in the address-correction dialog) instead of a billed label with a
 * warning. Never retried here: a retry could create a second label; the user
 * decides after a German 503.
 */
export const DHL_TIMEOUT_MS = 30_000;

export interface DhlCreated {
  shipmentNo: string;
  /** base64 of this shipment's label: the PDF, or the ZPL text when labelOutput is zpl. */
  labelB64: string;
  warnings: string[];
}

export type DhlErrorKind = 'address' | 'rejected' | 'auth' | 'unavailable';

export class DhlError extends Error {
  readonly kind: DhlErrorKind;
  readonly status: number | 'timeout' | 'network';
  /** Shipments DHL created although the call failed as a whole (207 with failed items). */
  readonly created: string[];

  constructor(kind: DhlErrorKind, message: string, status: number | 'timeout' | 'network', created: string[] = []) {
    super(message);
    this.name = 'DhlError';
    this.kind = kind;
    this.status = status;
    this.created = created;
  }

  toAppError(): AppError {
    switch (this.kind) {
      case 'address':
        return new AppError('DHL_ADDRESS_INVALID', { message: this.message, status: this.status });
      case 'auth':
        return new AppError('DHL_AUTH_FAILED', { status: this.status });
      case 'unavailable':
        return new AppError('DHL_UNAVAILABLE', {
          status: this.status === 'timeout' ? 'Zeitüberschreitung' : this.status === 'network' ? 'keine Verbindung' : `HTTP ${this.status}`,
        });
      default:
        return new AppError('DHL_REJECTED', { message: this.message, status: this.status });
    }
  }
}

interface ValidationMessage {
  property?: string;
  validationMessage?: string;
  validationState?: string;
}
interface ResponseItem {
  shipmentNo?: string;
  sstatus?: { statusCode?: number; title?: string; detail?: string };
  label?: { b64?: string; zpl2?: string; fileFormat?: string };
  validationMessages?: ValidationMessage[];
  propertyPath?: string;
  message?: string;
}
interface OrdersResponse {
  status?: { statusCode?: number; title?: string; detail?: string };
  items?: ResponseItem[];
  detail?: string;
  title?: string;
}

const ADDRESS_WORDS = /consignee|address|street|house|postcode|postal|city|adresse|stra(ß|ss)e|hausnummer|plz|\bort\b|leitcodierbar|codeable/i;

/** DHL's messages of the failed items: validation messages, schema errors, or the item status. */
function failureMessages(items: ResponseItem[]): { text: string; address: boolean } {
  const lines: string[] = [];
  let address = false;
  for (const it of items) {
    for (const m of it.validationMessages ?? []) {
      if (!m.validationMessage) continue;
      if (m.property === 'consignee' || (m.property !== 'shipper' && ADDRESS_WORDS.test(m.validationMessage))) address = true;
      lines.push(m.validationMessage);
    }
    if (it.propertyPath && it.message) {
      if (/consignee/i.test(it.propertyPath)) address = true;
      lines.push(`${it.propertyPath}: ${it.message}`);
    }
    if (!it.validationMessages?.length && !it.propertyPath && it.sstatus?.detail) lines.push(it.sstatus.detail);
  }
  return { text: [...new Set(lines)].join(' ') || 'unbekannter Fehler', address };
}

const isCreated = (it: ResponseItem) => it.sstatus?.statusCode === 200 && !!it.shipmentNo && !!(it.label?.b64 || it.label?.zpl2);

/** The label as base64: DHL's b64 as it is, ZPL text (`zpl2`) encoded. */
function labelBase64(it: ResponseItem): string {
  if (it.label?.b64) return it.label.b64;
  return Buffer.from(it.label?.zpl2 ?? '', 'utf8').toString('base64');
}

export const dhlDocFormat = (output: LabelOutput | undefined) => (output === 'zpl' ? 'ZPL2' : 'PDF');

export interface DhlCallOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function headers(s: DhlSettings): Record<string, string> {
  return {
    'dhl-api-key': s.apiKey,
    authorization: `Basic ${Buffer.from(`${s.user}:${s.password}`).toString('base64')}`,
    accept: 'application/json',
    'accept-language': 'de-DE',
  };
}

async function call(url: string, init: RequestInit, opts: DhlCallOptions): Promise<{ status: number; body: OrdersResponse | null }> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? DHL_TIMEOUT_MS) });
  } catch (e) {
    const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new DhlError('unavailable', timeout ? 'timeout' : 'network', timeout ? 'timeout' : 'network');
  }
  const text = await res.text().catch(() => '');
  let body: OrdersResponse | null = null;
  try {
    body = text ? (JSON.parse(text) as OrdersResponse) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** Creates every shipment of the request; all or nothing from the caller's view (see cancelShipments). */
export async function createShipments(s: DhlSettings, request: DhlOrderRequest, opts: DhlCallOptions = {}): Promise<DhlCreated[]> {
  const q = new URLSearchParams({
    includeDocs: 'include',
    docFormat: dhlDocFormat(s.labelOutput),
    printFormat: DHL_PRINT_FORMAT,
    mustEncode: 'true',
  });
  const { status, body } = await call(
    `${s.baseUrl}/orders?${q}`,
    { method: 'POST', headers: { ...headers(s), 'content-type': 'application/json' }, body: JSON.stringify(request) },
    opts,
  );
  if (status === 401 || status === 403) throw new DhlError('auth', body?.detail ?? body?.status?.detail ?? 'unauthorized', status);
  if (status === 429 || status >= 500) throw new DhlError('unavailable', body?.status?.detail ?? `HTTP ${status}`, status);
  const items = body?.items ?? [];
  if (status === 200 || status === 207) {
    const created = items.filter(isCreated);
    if (created.length === request.shipments.length && items.length === request.shipments.length) {
      return created.map((it) => ({
        shipmentNo: it.shipmentNo as string,
        labelB64: labelBase64(it),
        warnings: (it.validationMessages ?? []).map((m) => m.validationMessage ?? '').filter(Boolean),
      }));
    }
    const failed = items.filter((it) => !isCreated(it));
    const { text, address } = failureMessages(failed.length ? failed : items);
    throw new DhlError(
      address ? 'address' : 'rejected',
      text,
      status,
      created.map((it) => it.shipmentNo as string),
    );
  }
  if (status === 400 || status === 422) {
    const { text, address } = failureMessages(items);
    throw new DhlError(address ? 'address' : 'rejected', items.length ? text : (body?.status?.detail ?? body?.detail ?? `HTTP ${status}`), status);
  }
  throw new DhlError('rejected', body?.status?.detail ?? body?.detail ?? `HTTP ${status}`, status);
}

/**
 * DELETE {base}/orders?profile&shipment=…: cancels shipments of a failed
 * multi-package call, so the user's retry does not leave a second set of
 * labels behind. Best effort (the caller logs what could not be cancelled).
 */
export async function cancelShipments(s: DhlSettings, profile: string, shipmentNos: readonly string[], opts: DhlCallOptions = {}): Promise<boolean> {
  if (shipmentNos.length === 0) return true;
  const q = new URLSearchParams({ profile });
  for (const n of shipmentNos) q.append('shipment', n);
  try {
    const { status } = await call(`${s.baseUrl}/orders?${q}`, { method: 'DELETE', headers: headers(s) }, opts);
    return status === 200;
  } catch {
    return false;
  }
}
