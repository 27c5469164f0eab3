import { LocationEntity } from '../../../shared/schemas/locations';
import { hashBucket, packedTable } from '../../../sync/device/packed';

/** Buckets of places on the device: 20,000 places make ~80 a bucket (a few KB). */
const LOCATION_BUCKETS = 256;

/**
 * The scannable places on the device, packed by barcode (sync/device/packed.ts): every spelling
 * of a barcode in upper or lower case lands in the same bucket, so a scan reads one record.
 */
export const locationTable = packedTable(LocationEntity, 'barcode', (barcode) => hashBucket(String(barcode).toUpperCase(), LOCATION_BUCKETS));
