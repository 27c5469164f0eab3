import type { AppConfig } from '../config';
import type { Db } from '../db/index';

/** What every feature's route plugin receives. */
export interface FeatureDeps {
  db: Db;
  config: AppConfig;
}
