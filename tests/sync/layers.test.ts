import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of docs/architecture.md, checked on the source: sync/ imports
 * nothing from client/ or server/ (what it needs is passed in as interfaces),
 * shared/ imports nothing but shared/, and no runtime import cycle exists in
 * the product code (type-only imports are erased and do not count).
 */
const ROOT = resolve(__dirname, '../..');
const AREAS = ['client', 'server', 'sync', 'shared'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function resolveImport(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(cand).isFile()) return cand;
    } catch {
      // try the next form
    }
  }
  return base;
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const out: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const clause = m[3] ?? '';
    // `import { type A, type B } from` is erased as well.
    const allTypes = /^\{([^}]*)\}\s+from\s+$/
      .exec(`${clause.trim()} `)?.[1]
      ?.split(',')
      .every((n) => n.trim() === '' || n.trim().startsWith('type '));
    out.push({ to: resolveImport(file, m[4]), typeOnly: Boolean(m[2]) || Boolean(allTypes) });
  }
  return out;
}

const files = AREAS.flatMap((a) => sourceFiles(join(ROOT, a)));
const areaOf = (p: string) => relative(ROOT, p).split('/')[0];

describe('layers', () => {
  it('sync/ imports nothing from client/ or server/', () => {
    const bad = files
      .filter((f) => areaOf(f) === 'sync')
      .flatMap((f) =>
        importsOf(f)
          .filter((e) => ['client', 'server'].includes(areaOf(e.to)))
          .map((e) => `${relative(ROOT, f)} -> ${relative(ROOT, e.to)}`),
      );
    expect(bad).toEqual([]);
  });

  it('shared/ imports only shared/', () => {
    const bad = files
      .filter((f) => areaOf(f) === 'shared')
      .flatMap((f) =>
        importsOf(f)
          .filter((e) => areaOf(e.to) !== 'shared')
          .map((e) => `${relative(ROOT, f)} -> ${relative(ROOT, e.to)}`),
      );
    expect(bad).toEqual([]);
  });

  it('has no runtime import cycle', () => {
    const graph = new Map(
      files.map((f) => [
        f,
        importsOf(f)
          .filter((e) => !e.typeOnly && files.includes(e.to))
          .map((e) => e.to),
      ]),
    );
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(ROOT, p)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const to of graph.get(f) ?? []) visit(to, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
