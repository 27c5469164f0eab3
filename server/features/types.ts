import type { AppConfig } from '../config';
import type { Db } from '../db/index';
import type { JobQueue } from '../jobs/queue';

/** What every feature's route plugin receives. */
export interface FeatureDeps {
  db: Db;
  config: AppConfig;
  /** Background jobs: enqueue here (server/jobs/queue.ts). */
  jobs: JobQueue;
}
