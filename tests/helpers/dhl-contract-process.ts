import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Starts tests/helpers/dhl-contract-server-main.ts as a child process (for
 * e2e runs, where the app server is a separate process too) and resolves
 * with its base URL, to pass as DHL_API_BASE_URL.
 */
export interface DhlContractProcess {
  url: string;
  /** http://127.0.0.1:<port> for the /__contract control calls. */
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./dhl-contract-server-main.ts', import.meta.url));

export function spawnDhlContractServer(port = 0): Promise<DhlContractProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('DHL contract server did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`DHL contract server exited (${code})`)));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /DHL_API_BASE_URL=(\S+)/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      const url = m[1];
      resolve({
        url,
        origin: new URL(url).origin,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
