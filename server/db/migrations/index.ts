import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0004 from './0004_orders';

/**
 * Every migration in order. Add new files as NNNN_name.ts and list them here;
 * never edit a migration that has landed.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0004_orders': m0004,
};
