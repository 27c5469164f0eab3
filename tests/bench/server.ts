import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * The real app (server/main.ts) in its own process, as in production: the
 * load generator must not share the server's event loop, or it measures
 * itself. Port: a free random one; logs at warn so request logging does not
 * dominate.
 */
export interface RunningServer {
  baseUrl: string;
  jwtSecret: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** dir: the checkout to run the server from (default: this one), e.g. an older commit to compare with. */
export async function startServer(databaseUrl: string, dir?: string): Promise<RunningServer> {
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('base64url');
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the server there (open it in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...prof, '--import', 'tsx', 'server/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      SETTINGS_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
      RUN_JOBS: 'false',
      KEEPA_API_KEY: '',
      // Where the time goes: GET /api/diagnostics/latency (server/diagnostics/latency.ts).
      LATENCY_PROFILE: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, jwtSecret, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start within 30 s');
}

/** An HS256 access token as the login route issues it. */
export function signToken(secret: string, userId: number, role: string): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(userId), role, iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
