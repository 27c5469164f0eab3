import { CreateManualProductCommand, ProductEntity } from '../../../shared/schemas/products';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';

/** The catalogue on the device (scans are checked against it offline) and products.createManual. */
export const productTable = deviceTable(ProductEntity, 'id, ean');

/** A product created at the scanner shows in the local catalogue at once (overlay), also offline. */
export const createManualProduct = defineDeviceCommand(CreateManualProductCommand, (args, _db: LagerwerkDb) => ({
  label: `Produkt anlegen: ${args.title} (EAN ${args.ean})`,
  effect: { product: { ean: args.ean, title: args.title } },
}));

export const productCommands = [createManualProduct];

/** The manual-product dialog's "Anlegen": queues products.createManual. */
export function createProductLocally(
  db: LagerwerkDb,
  p: { userId: number; ean: string; title: string; description: string | null; keepa_data?: Record<string, unknown> | null },
): Promise<OutboxEntry> {
  return createManualProduct.enqueue(db, p.userId, { ean: p.ean, title: p.title, description: p.description, keepa_data: p.keepa_data ?? null });
}
