import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

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

/** The real product server (node server/main.ts) as a child process that a test may kill hard. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private out = '';
  readonly url: string;
  /** Fixed across restarts, so tokens issued before a crash stay valid after it (as in production). */
  private readonly secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), SETTINGS_KEY: randomBytes(32).toString('hex') };

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  output(): string {
    return this.out;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        RUN_JOBS: 'false',
        STATIC_DIR: '/nonexistent',
        ...this.secrets,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d) => (this.out += String(d)));
    child.stderr?.on('data', (d) => (this.out += String(d)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${this.out}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${this.out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown hook runs, open transactions are cut off wherever they are. */
  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
