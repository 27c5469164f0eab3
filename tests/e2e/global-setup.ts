import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DATA_DIR of a stopped server that loaded the demo data; '' when there is none. */
    e2eTemplateDir: string;
  }
}

/**
 * Once per e2e run: a first start of the real server loads the demo data, stops, and
 * leaves its DATA_DIR as the template each test file's server starts from a copy of
 * (tests/e2e/helpers/server.ts). Every file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({}, { fresh: true });
  await server.stop({ keepData: true });
  project.provide('e2eTemplateDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
