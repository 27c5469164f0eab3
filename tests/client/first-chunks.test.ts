import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the first screens load before they paint (docs/performance.md, goal "the first screen
 * stays small"): the modules client/main.tsx (/login) and client/app/boot.tsx (the shell and the
 * start screen) import statically. zod, the schemas, Dexie and the error catalogue load after the
 * first paint (client/app/after-paint.tsx); one static import of a module that pulls them in
 * puts them into the first chunks again (a screen title imported from a screen's catalogue once
 * took every catalogue and zod into the app chunk: 112 KB instead of 65 KB gzipped).
 */
const ROOT = resolve(__dirname, '../..');
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?'([^']+)'/g;

function resolveModule(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return spec;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every module reachable from entry through static, non-type imports: project files relative to the root, packages by name. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(STATIC_IMPORT)) {
      if (m[1]) continue;
      const target = resolveModule(file, m[2]);
      if (target === null) continue;
      const key = target.startsWith('/') ? relative(ROOT, target) : target;
      if (seen.has(key)) continue;
      seen.add(key);
      if (target.startsWith('/')) queue.push(target);
    }
  }
  return seen;
}

const LATER = [
  /^zod(\/|$)/,
  /^dexie(\/|$)/,
  /^shared\/schemas\//,
  /^shared\/i18n\/zod-de\.ts$/,
  /^shared\/i18n\/errors\/(index|catalogue)\.ts$/,
  /^client\/db\.ts$/,
];

describe('the first screens’ static imports', () => {
  for (const entry of ['client/main.tsx', 'client/app/boot.tsx']) {
    it(`${entry} reaches neither zod, Dexie, the schemas nor the error catalogue`, () => {
      const graph = staticGraph(entry);
      expect(graph.size).toBeGreaterThan(10);
      expect([...graph].filter((m) => LATER.some((re) => re.test(m)))).toEqual([]);
    });
  }

  it('sees a module that pulls them in (the walk follows imports)', () => {
    expect([...staticGraph('shared/i18n/errors/index.ts')].filter((m) => LATER.some((re) => re.test(m)))).not.toEqual([]);
    expect(staticGraph('shared/schemas/products.ts').has('zod')).toBe(true);
  });
});
