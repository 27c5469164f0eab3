import { LocationEntity } from '../../../shared/schemas/locations';
import { deviceTable } from '../../../sync/device/registry';

/** The scannable places on the device, looked up by barcode. */
export const locationTable = deviceTable(LocationEntity, 'id, barcode');
