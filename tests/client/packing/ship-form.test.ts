import { describe, expect, it } from 'vitest';
import { MAX_PACKAGES } from '../../../shared/domain/shipping';
import { PACKING_VALIDATION as V } from '../../../shared/i18n/packing';
import { MAX_FREIGHT_PALLETS } from '../../../shared/schemas/freight';
import { packageCount, type ParcelDraft, planShipment, splitGrams } from '../../../client/features/packing/ship-form';
import { palletCount } from '../../../client/features/packing/freight-form';
import { itemsToScan } from '../../../client/features/packing/verify-scan';
import { serverView } from './server-view';

const draft = (over: Partial<ParcelDraft> = {}): ParcelDraft => ({
  carrier: 'DHL',
  autoDhl: true,
  packages: '1',
  weights: ['1,0'],
  totalKg: '1,0',
  tracking: [''],
  ...over,
});

describe('packing ship form (spec §5)', () => {
  it.each([
    ['package', packageCount, MAX_PACKAGES],
    ['pallet', palletCount, MAX_FREIGHT_PALLETS],
  ] as const)('%s count: integer ≥ 1, empty or invalid falls back to 1, at most the maximum', (_, count, max) => {
    expect(count('3')).toBe(3);
    expect(count('')).toBe(1);
    expect(count('0')).toBe(1);
    expect(count('-2')).toBe(1);
    expect(count('abc')).toBe(1);
    expect(count('2.7')).toBe(2);
    expect(count(String(max + 1))).toBe(max);
  });

  it('DHL with two packages sends one weight per package in grams (kg with comma) and the sum as total', () => {
    const { plan, problems } = planShipment(draft({ packages: '2', weights: ['1,2', '0.8'] }));
    expect(problems).toEqual({});
    expect(plan?.query).toMatchObject({
      carrier: 'DHL',
      carrier_type: 'parcel',
      num_labels: 2,
      label_weights: '[1200,800]',
      total_weight: 2000,
      create_dhl_labels: 'true',
    });
    expect(plan?.query.tracking_number).toBeUndefined();
    expect(plan?.pack).toEqual({ num_packages: 2, total_weight_grams: 2000 });
    const parsed = serverView(plan?.query ?? {});
    expect(parsed.success).toBe(true);
  });

  it('DHL refuses a missing or too small package weight with the server texts', () => {
    expect(planShipment(draft({ packages: '2', weights: ['1', ''] })).problems.weights).toBe(V.packageWeightsRequired);
    expect(planShipment(draft({ packages: '2', weights: ['1', '0,05'] })).problems.weights).toBe(V.weightMinimum);
    expect(planShipment(draft({ totalKg: '' })).problems.total).toBe(V.totalWeightRequired);
    expect(planShipment(draft({ totalKg: '0,05' })).problems.total).toBe(V.weightMinimum);
    expect(planShipment(draft({ totalKg: 'viel' })).problems.total).toBe(V.weightInvalid);
    expect(planShipment(draft({ totalKg: '0,05' })).plan).toBeNull();
  });

  it('a manual carrier needs one tracking number per package; weight optional', () => {
    expect(planShipment(draft({ carrier: 'DPD', totalKg: '' })).problems.tracking).toBe(V.trackingRequired);
    const two = planShipment(draft({ carrier: 'UPS', packages: '2', tracking: ['1Z1', ''], totalKg: '' }));
    expect(two.problems.tracking).toBe(V.trackingPerPackage.replace('{count}', '2'));
    const ok = planShipment(draft({ carrier: 'GLS', packages: '2', tracking: ['A1', ' B2 '], totalKg: '' }));
    expect(ok.problems).toEqual({});
    expect(ok.plan?.query).toMatchObject({ carrier: 'GLS', tracking_number: 'A1,B2', num_labels: 2 });
    expect(ok.plan?.query.create_dhl_labels).toBeUndefined();
    expect(ok.plan?.pack.total_weight_grams).toBeNull();
    expect(serverView(ok.plan?.query ?? {}).success).toBe(true);
  });

  it('simple view: one total split evenly over several DHL packages; DHL without labels needs tracking', () => {
    expect(splitGrams(2501, 2)).toEqual([1251, 1250]);
    const { plan } = planShipment(draft({ packages: '3', totalKg: '3' }), { splitTotal: true });
    expect(plan?.query.label_weights).toBe('[1000,1000,1000]');
    expect(planShipment(draft({ packages: '3', totalKg: '0,2' }), { splitTotal: true }).problems.total).toBe(V.weightMinimum);
    expect(planShipment(draft({ autoDhl: false }), { splitTotal: true }).problems.tracking).toBe(V.trackingRequired);
  });

  it('verification asks for every line with something picked (a line picked not at all is a shortage)', () => {
    const line = (id: number, picked: number) => ({ id, picked_quantity: picked }) as never;
    expect(itemsToScan({ items: [line(1, 2), line(2, 0), line(3, 1)] }).map((i) => i.id)).toEqual([1, 3]);
  });
});
