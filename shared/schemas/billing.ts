import { z } from 'zod';
import { CHARGE_CODES, RATE_MAX_CENTS } from '../constants';
import { BILLING_VALIDATION as V } from '../i18n/billing';
import { ZOD_REASONS } from '../i18n/zod-reasons';
import { IsoDate } from './common';

/**
 * Billing (docs/operations.md "Billing (Abrechnung)"): the rate card of a
 * customer and the storage snapshots. Prices are net euro cents per unit.
 */

export const ChargeCodeSchema = z.enum(CHARGE_CODES, { error: V.codeInvalid });

export const Rate = z.object({
  code: ChargeCodeSchema,
  price_cents: z.number({ error: V.priceInvalid }).int(V.priceInvalid).min(0, V.priceInvalid).max(RATE_MAX_CENTS, V.priceTooHigh),
});
export type Rate = z.infer<typeof Rate>;

/** PUT replaces the whole card; a code left out is not charged. */
export const RateCard = z.object({
  rates: z
    .array(Rate)
    .max(CHARGE_CODES.length * 2)
    .superRefine((rates, ctx) => {
      const seen = new Set<string>();
      rates.forEach((r, i) => {
        if (seen.has(r.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: V.codeTwice(r.code) });
        seen.add(r.code);
      });
    }),
});
export type RateCard = z.infer<typeof RateCard>;

/** A calendar day that exists (2026-02-30 does not), so the database never sees an impossible date. */
const isRealDay = (d: string) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** YYYY-MM-DD of a day that exists. */
export const RealDay = IsoDate.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && isRealDay(d), ZOD_REASONS.date);

export const StorageSnapshotQuery = z.object({ date: RealDay });
export type StorageSnapshotQuery = z.infer<typeof StorageSnapshotQuery>;

export const StorageSnapshot = z.object({
  day: z.string(),
  customers: z.array(z.object({ customer_id: z.number(), places: z.number(), units: z.number() })),
});
export type StorageSnapshot = z.infer<typeof StorageSnapshot>;
