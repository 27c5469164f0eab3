import { CustomerEntity } from '../../../shared/schemas/customers';
import { deviceTable } from '../../../sync/device/registry';

/** The customers a device may book for (Einlagern picks one offline). */
export const customerTable = deviceTable(CustomerEntity, 'id');
