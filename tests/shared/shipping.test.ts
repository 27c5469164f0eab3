import { describe, expect, it } from 'vitest';
import { splitStreet } from '../../shared/domain/address';
import { countryAlpha3 } from '../../shared/domain/countries';
import { DHL_PARCEL_MAX_GRAMS, defaultCarrier, isFreightOrder, kgToGrams, shippingPreset, splitTrackingNumbers } from '../../shared/domain/shipping';
import { errorText } from '../../shared/i18n/errors';
import { isDhlOutage, opensAddressCorrection } from '../../shared/i18n/packing';
import { packageWeights, ShipQuery } from '../../shared/schemas/shipping';

describe('splitStreet (DHL addressStreet / addressHouse)', () => {
  it.each([
    ['Hauptstraße 5', 'Hauptstraße', '5'],
    ['Am Markt 3-5', 'Am Markt', '3-5'],
    ['Straße des 17. Juni 135', 'Straße des 17. Juni', '135'],
    ['Hauptstr. 5 a', 'Hauptstr.', '5 a'],
    ['Musterweg 12/1', 'Musterweg', '12/1'],
    ['Prager Straße 10, ', 'Prager Straße', '10'],
    ['10 Downing Street', 'Downing Street', '10'],
    ['Packstation 123', 'Packstation', '123'],
  ])('%s', (line, street, house) => {
    expect(splitStreet(line)).toEqual({ street, house });
  });

  it('without a house number the line is the street (no "." placeholder)', () => {
    expect(splitStreet('Straße des 17. Juni')).toEqual({ street: 'Straße des 17. Juni', house: null });
  });
});

describe('countryAlpha3', () => {
  it('maps codes and German names, keeps alpha-3, refuses unknown', () => {
    expect(['DE', 'de', 'Deutschland', 'UK', 'AUT', 'Österreich'].map(countryAlpha3)).toEqual(['DEU', 'DEU', 'DEU', 'GBR', 'AUT', 'AUT']);
    expect(countryAlpha3('XX')).toBeNull();
    expect(countryAlpha3('')).toBeNull();
  });
});

describe('shipping helpers', () => {
  it('kg → grams rounded, German comma accepted', () => {
    expect([kgToGrams('0,1'), kgToGrams(1.2345), kgToGrams('x')]).toEqual([100, 1235, Number.NaN]);
  });

  it('carrier defaults of spec §4: packing info first, else freight by country', () => {
    expect(defaultCarrier({ carrier: 'DHL', carrier_type: 'parcel', delivery_country: 'AT' })).toEqual({ carrier: 'DHL', carrier_type: 'parcel' });
    expect(defaultCarrier({ carrier: null, carrier_type: null, delivery_country: ' deutschland ' })).toEqual({ carrier: 'Zufall', carrier_type: 'freight' });
    expect(defaultCarrier({ carrier: null, carrier_type: null, delivery_country: 'FR' })).toEqual({ carrier: 'Raben', carrier_type: 'freight' });
  });

  it('a freight order is one the carrier defaults send by freight: no parcel booking', () => {
    expect(isFreightOrder({ carrier: null, carrier_type: null, delivery_country: 'NL' })).toBe(true);
    expect(isFreightOrder({ carrier: 'Raben', carrier_type: 'freight', delivery_country: 'AT' })).toBe(true);
    expect(isFreightOrder({ carrier: 'DPD', carrier_type: 'parcel', delivery_country: 'AT' })).toBe(false);
    // A type without its carrier is no booking (spec §4 needs both), so the country default applies.
    expect(isFreightOrder({ carrier: null, carrier_type: 'parcel', delivery_country: 'AT' })).toBe(true);
  });

  it('tracking numbers split on commas, semicolons and lines', () => {
    expect(splitTrackingNumbers(' A1, B2;C3\n ')).toEqual(['A1', 'B2', 'C3']);
  });

  it('the address-correction dialog opens for DHL address refusals only; an outage is its own case', () => {
    const outageDetail = errorText('DHL_UNAVAILABLE', { status: 'HTTP 500' });
    // The outage's German text mentions the label ("kein Label erstellt"): words of a message decide nothing.
    expect(outageDetail).toMatch(/Label/);
    expect(opensAddressCorrection('DHL_ADDRESS_INVALID')).toBe(true);
    expect(['DHL_UNAVAILABLE', 'DHL_REJECTED', 'DHL_AUTH_FAILED', 'HTTP_502', 'OFFLINE', null].map(opensAddressCorrection)).toEqual(Array(6).fill(false));
    expect(isDhlOutage('DHL_UNAVAILABLE')).toBe(true);
    expect(isDhlOutage('DHL_ADDRESS_INVALID')).toBe(false);
  });

  it('the shipping step opens on DHL parcel when the order fits one parcel, else freight; a booking wins', () => {
    const order = (grams: number | null, country = 'DE') => ({ carrier: null, carrier_type: null, delivery_country: country, estimated_weight_grams: grams });
    expect(shippingPreset(order(2000))).toEqual({ carrier: 'DHL', carrier_type: 'parcel' });
    expect(shippingPreset(order(DHL_PARCEL_MAX_GRAMS))).toEqual({ carrier: 'DHL', carrier_type: 'parcel' });
    expect(shippingPreset(order(DHL_PARCEL_MAX_GRAMS + 1))).toEqual({ carrier: 'Zufall', carrier_type: 'freight' });
    expect(shippingPreset(order(40_000, 'FR'))).toEqual({ carrier: 'Raben', carrier_type: 'freight' });
    expect(shippingPreset(order(null))).toEqual({ carrier: 'Zufall', carrier_type: 'freight' });
    expect(shippingPreset({ ...order(2000, 'AT'), freight_quote_requested_at: '2026-11-27T10:00:00Z' })).toEqual({ carrier: 'Raben', carrier_type: 'freight' });
    expect(shippingPreset({ ...order(2000), carrier: 'Raben', carrier_type: 'freight' })).toEqual({ carrier: 'Raben', carrier_type: 'freight' });
    expect(shippingPreset({ ...order(90_000), carrier: 'GLS', carrier_type: 'parcel' })).toEqual({ carrier: 'GLS', carrier_type: 'parcel' });
  });

  it('package weights: per package, or the total for one package', () => {
    const q = (x: Record<string, string>) => ShipQuery.parse({ carrier: 'DHL', create_dhl_labels: 'true', ...x });
    expect(packageWeights(q({ num_labels: '2', label_weights: '[1000,2000]' }))).toEqual([1000, 2000]);
    expect(packageWeights(q({ total_weight: '1500' }))).toEqual([1500]);
  });
});
