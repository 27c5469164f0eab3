import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  /** keepData: leave DATA_DIR in place (e.g. to read the embedded database afterwards; the caller removes it). */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * How long the server may take to answer /api/health: on a machine shared by
 * several test runs, loading the demo data alone took over two minutes.
 */
export const SERVER_START_MS = Number(process.env.E2E_SERVER_START_MS) || 210_000;

/** Environment that changes what the first start writes into the database: such a start cannot use the template. */
const FIRST_START_ENV = ['DATABASE_URL', 'SEED_DEMO', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'JWT_SECRET', 'SETTINGS_KEY'];

/**
 * The demo database that tests/e2e/global-setup.ts made once for the run (a stopped server's
 * DATA_DIR), when this start may begin from a copy of it; loading the demo data anew took
 * most of a server start.
 */
function templateFor(env: Record<string, string>, fresh: boolean): string | undefined {
  // Outside vitest (the benchmarks, npm run bench) there is no run template: a first start of its own.
  if (fresh || FIRST_START_ENV.some((k) => env[k]) || !process.env.VITEST) return undefined;
  return inject('e2eTemplateDir') || undefined;
}

/**
 * The real product server (tsx server/main.ts) serving the built PWA from dist/,
 * on its own embedded database in a temp DATA_DIR with demo data: a copy of the run's
 * template, or (`fresh`, or environment that changes the first start) a first start that
 * loads the demo data itself.
 * Served on "localhost" so that the service worker may register.
 */
export async function startServer(env: Record<string, string> = {}, opts: { fresh?: boolean } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lagerwerk-e2e-'));
  const template = templateFor(env, opts.fresh ?? false);
  if (template) cpSync(template, dataDir, { recursive: true });
  // Two e2e files run at once (vitest.config.ts): another file's server may take the free port
  // between freePort() and listen; then try the next one.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await spawnServer(port, dataDir, env);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= 5) throw e;
    }
  }
}

class PortTaken extends Error {}

async function spawnServer(port: number, dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) {
      if (out.includes('EADDRINUSE')) throw new PortTaken(out);
      throw new Error(`server exited early:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    output: () => out,
    stop: async (opts) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!opts?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
