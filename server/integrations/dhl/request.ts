import { splitStreet } from '../../../shared/domain/address';
import { countryAlpha3 } from '../../../shared/domain/countries';
import type { StoredDeliveryAddress } from '../../../shared/schemas/address';
import type { DhlSettings } from './settings';

/**
 * Builds the body of POST {base}/orders (ShipmentOrderRequest of DHL's
 * OpenAPI, tests/fixtures/dhl/parcel-de-shipping-v2.1.12.yaml): one shipment
 * per package, all in one call (docs/fulfilment.md "DHL Parcel DE Shipping v2").
 */
export const DHL_PROFILE = 'STANDARD_GRUPPENPROFIL';
export const DHL_PRODUCT_NATIONAL = 'V01PAK';
export const DHL_PRODUCT_INTERNATIONAL = 'V53WPAK';
/** 103×150 mm thermal labels (DHL's print format 910-300-400). */
export const DHL_PRINT_FORMAT = '910-300-400';
export const DHL_CREATION_SOFTWARE = 'Lagerwerk';

export interface DhlConsigneeOrder extends StoredDeliveryAddress {
  order_number: string;
}

export interface DhlAddress {
  name1: string;
  name2?: string;
  addressStreet: string;
  addressHouse?: string;
  postalCode: string;
  city: string;
  country: string;
  email?: string;
}

export interface DhlShipment {
  product: string;
  billingNumber: string;
  refNo: string;
  shipDate: string;
  creationSoftware: string;
  shipper: DhlAddress;
  consignee: DhlAddress;
  details: { weight: { uom: 'g'; value: number } };
}

export interface DhlOrderRequest {
  profile: string;
  shipments: DhlShipment[];
}

/** refNo must be 8–35 characters: "A-2026-000042" as is, short numbers padded with "-". */
export function refNoFor(orderNumber: string, packageIndex: number, packages: number): string {
  const base = packages > 1 ? `${orderNumber}/${packageIndex + 1}` : orderNumber;
  return base.padEnd(8, '-').slice(0, 35);
}

const cut = (v: string, max: number) => v.trim().slice(0, max);

function address(a: {
  name1: string;
  name2?: string | null;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email?: string | null;
}): DhlAddress {
  const { street, house } = splitStreet(a.street);
  const country = countryAlpha3(a.country) ?? a.country.trim().toUpperCase();
  return {
    name1: cut(a.name1, 50),
    ...(a.name2?.trim() ? { name2: cut(a.name2, 50) } : {}),
    addressStreet: cut(street, 50),
    ...(house ? { addressHouse: cut(house, 10) } : {}),
    postalCode: a.postalCode.trim(),
    city: cut(a.city, 40),
    country,
    ...(a.email && a.email.trim().length >= 3 ? { email: cut(a.email, 80) } : {}),
  };
}

export function isInternational(deliveryCountry: string): boolean {
  return countryAlpha3(deliveryCountry) !== 'DEU';
}

/** Today in Berlin (yyyy-mm-dd): DHL refuses a shipDate in the past. */
export function berlinDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function buildOrderRequest(settings: DhlSettings, order: DhlConsigneeOrder, weightsGrams: readonly number[], shipDate = berlinDate()): DhlOrderRequest {
  const international = isInternational(order.delivery_country);
  const billingNumber = international ? (settings.billingNumberInternational ?? settings.billingNumber) : settings.billingNumber;
  const shipper = address({ ...settings.shipper, name1: settings.shipper.name1 });
  const consignee = address({
    name1: order.delivery_name,
    street: order.delivery_address,
    postalCode: order.delivery_postal_code,
    city: order.delivery_city,
    country: order.delivery_country,
    email: order.delivery_email,
  });
  return {
    profile: DHL_PROFILE,
    shipments: weightsGrams.map((grams, i) => ({
      product: international ? DHL_PRODUCT_INTERNATIONAL : DHL_PRODUCT_NATIONAL,
      billingNumber,
      refNo: refNoFor(order.order_number, i, weightsGrams.length),
      shipDate,
      creationSoftware: DHL_CREATION_SOFTWARE,
      shipper,
      consignee,
      details: { weight: { uom: 'g', value: grams } },
    })),
  };
}
