import { describe, expect, it } from 'vitest';
import { PACKING_VALIDATION as V } from '../../../shared/i18n/packing';
import { RequestFreightQuote } from '../../../shared/schemas/freight';
import { DEFAULT_PALLET, type FreightDraft, initialFreight, PALLET_PRESETS, planFreight, resizeFreight } from '../../../client/features/packing/freight-form';
import { serverView } from './server-view';

const draft = (over: Partial<FreightDraft> = {}): FreightDraft => resizeFreight({ ...initialFreight(null), ...over });

describe('packing freight form (spec §2 freight, §5)', () => {
  it('starts with Zufall, one pallet 120×80×100 cm / 200 kg; presets are 80×60 and 120×80', () => {
    const d = initialFreight(null);
    expect(d.carrier).toBe('Zufall');
    expect(d.dims).toEqual([DEFAULT_PALLET]);
    expect(DEFAULT_PALLET).toEqual({ length: '120', width: '80', height: '100', weight: '200' });
    expect(PALLET_PRESETS.half).toEqual({ length: '80', width: '60' });
    expect(PALLET_PRESETS.full).toEqual({ length: '120', width: '80' });
    expect(initialFreight('Raben').carrier).toBe('Raben');
    expect(initialFreight('DHL').carrier).toBe('Zufall');
  });

  it('resizes dimensions and tracking fields with the pallet count, keeping what was typed', () => {
    const d = resizeFreight({ ...initialFreight(null), pallets: '3', tracking: ['T1'] });
    expect(d.dims).toHaveLength(3);
    expect(d.tracking).toEqual(['T1', '', '']);
    expect(resizeFreight({ ...d, pallets: '' }).tracking).toEqual(['T1']);
  });

  it('Germany: ship query with carrier_type=freight, pallets, tracking numbers and pallet details the server accepts', () => {
    const r = planFreight(draft({ pallets: '2', tracking: [' ZUF-1 ', 'ZUF-2'] }), 'DE');
    expect(r.kind).toBe('ship');
    if (r.kind !== 'ship') return;
    expect(r.plan.query).toMatchObject({ carrier: 'Zufall', carrier_type: 'freight', num_pallets: 2, tracking_number: 'ZUF-1,ZUF-2' });
    expect(JSON.parse(String(r.plan.query.pallet_details))).toEqual([
      { length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 200 },
      { length_cm: 120, width_cm: 80, height_cm: 100, weight_kg: 200 },
    ]);
    expect(r.plan.pack).toEqual({ num_packages: 2, total_weight_grams: 400_000 });
    const server = serverView(r.plan.query);
    expect(server.success).toBe(true);
  });

  it('Germany: one tracking number is enough for several pallets; none is refused in the server wording', () => {
    expect(planFreight(draft({ pallets: '2', tracking: ['ZUF-1', ''] }), 'Deutschland').kind).toBe('ship');
    const r = planFreight(draft({ pallets: '2' }), 'DE');
    expect(r).toEqual({ kind: 'invalid', problems: { tracking: V.freightTrackingRequired } });
    expect(serverView({ carrier: 'Zufall', carrier_type: 'freight', num_pallets: 2 }).success).toBe(false);
  });

  it('refuses missing, zero or unreadable dimensions (all must be > 0), with comma decimals accepted', () => {
    const zero = draft({ dims: [{ ...DEFAULT_PALLET, height: '0' }], tracking: ['T'] });
    expect(planFreight(zero, 'DE')).toEqual({ kind: 'invalid', problems: { dims: V.freightDimensionsRequired } });
    const blank = draft({ dims: [{ ...DEFAULT_PALLET, weight: '' }] });
    expect(planFreight(blank, 'AT')).toEqual({ kind: 'invalid', problems: { dims: V.freightDimensionsRequired } });
    const text = draft({ dims: [{ ...DEFAULT_PALLET, length: 'x' }] });
    expect(planFreight(text, 'AT').kind).toBe('invalid');
    const comma = planFreight(draft({ dims: [{ ...DEFAULT_PALLET, weight: '187,5' }] }), 'AT');
    expect(comma.kind === 'quote' && comma.body.pallet_dimensions[0]?.weight).toBe(187.5);
  });

  it('refuses an unknown freight carrier', () => {
    const r = planFreight(draft({ carrier: 'DHL', tracking: ['T'] }), 'DE');
    expect(r.kind === 'invalid' && r.problems.carrier).toContain('DHL');
  });

  it('abroad: a quotation request body the server accepts, no tracking number needed', () => {
    const r = planFreight(draft({ pallets: '2', dims: [{ ...DEFAULT_PALLET, ...PALLET_PRESETS.half, height: '90', weight: '150' }] }), 'AT');
    expect(r.kind).toBe('quote');
    if (r.kind !== 'quote') return;
    expect(r.body).toEqual({
      num_pallets: 2,
      pallet_dimensions: [
        { length: 80, width: 60, height: 90, weight: 150 },
        { length: 120, width: 80, height: 100, weight: 200 },
      ],
    });
    expect(RequestFreightQuote.safeParse(r.body).success).toBe(true);
    expect(r.pack).toEqual({ num_packages: 2, total_weight_grams: 350_000 });
  });
});
