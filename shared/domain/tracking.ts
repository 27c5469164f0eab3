import { DHL_CARRIER, splitTrackingNumbers } from './shipping';

/**
 * The packages of a shipped order as the customer sees them
 * (docs/integrations.md "Tracking"): one entry per tracking number, with its
 * carrier and, for DHL parcels, the link to DHL's public tracking page.
 * The order stores the numbers comma-separated (server/features/packing/ship.ts).
 */

/** DHL's public tracking page for one piece code (Sendungsnummer). */
export const DHL_TRACKING_URL = 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=';

export interface ShipmentPackage {
  carrier: string;
  carrier_type: string | null;
  tracking_number: string;
  tracking_url: string | null;
}

export function trackingUrl(carrier: string | null, trackingNumber: string): string | null {
  return carrier === DHL_CARRIER ? `${DHL_TRACKING_URL}${encodeURIComponent(trackingNumber)}` : null;
}

export function shipmentPackages(o: { carrier: string | null; carrier_type: string | null; tracking_number: string | null }): ShipmentPackage[] {
  if (!o.carrier) return [];
  const carrier = o.carrier;
  return splitTrackingNumbers(o.tracking_number).map((n) => ({
    carrier,
    carrier_type: o.carrier_type,
    tracking_number: n,
    tracking_url: trackingUrl(carrier, n),
  }));
}
