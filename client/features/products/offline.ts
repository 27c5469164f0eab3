import { CreateManualProductCommand, ProductEntity } from '../../../shared/schemas/products';
import { productCodeKey } from '../../../shared/domain/product-code';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import { hashBucket, packedTable } from '../../../sync/device/packed';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';

/** Buckets of the catalogue on the device: 100,000 products make ~100 a bucket (~5 KB). */
const PRODUCT_BUCKETS = 1024;

/**
 * The catalogue on the device (scans are checked against it offline), packed by product code
 * (sync/device/packed.ts): all GTIN forms of a code share a bucket (productCodeKey), so a scan
 * in any form reads one record. And products.createManual.
 */
export const productTable = packedTable(ProductEntity, 'ean', (ean) => hashBucket(productCodeKey(String(ean)), PRODUCT_BUCKETS));

/** A product created at the scanner shows in the local catalogue at once (overlay), also offline. */
export const createManualProduct = defineDeviceCommand(CreateManualProductCommand, (args, _db: LagerwerkDb) => ({
  label: `${texts(STOCK_TEXTS).manualTitle}: ${args.title} (${texts(STOCK_TEXTS).eanLine(args.ean)})`,
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
