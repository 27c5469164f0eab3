import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';

/**
 * Chromium's CPU profiler over a bench's measured part (BENCH_PROFILE=<file>):
 * writes the .cpuprofile (open it in Chrome DevTools → Performance) and prints
 * the functions with the most self time. Names are readable with an
 * unminified build: npx vite build --minify false --outDir /tmp/dist-prof,
 * then STATIC_DIR=/tmp/dist-prof.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CpuProfiler {
  stop(): Promise<void>;
}

export async function startCpuProfile(page: Page, file: string | undefined): Promise<CpuProfiler | null> {
  if (!file) return null;
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      writeFileSync(file, JSON.stringify(profile));
      printTop(profile);
      await cdp.detach();
    },
  };
}

function printTop(profile: Profile, n = 15): void {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const key = `${functionName || '(anonym)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  console.log(`  CPU-Profil (${(total / 1000).toFixed(0)} ms Seitenzeit ohne Leerlauf), meiste Eigenzeit:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`    ${(us / 1000).toFixed(1).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}
