import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * A German string is written once across the catalogues (docs/architecture.md,
 * principle 6): a word several screens share comes from WORDS/UI
 * (shared/i18n/ui.ts), a screen's own text from its catalogue. This lists every
 * string literal in shared/i18n/**\/*.ts and shared/constants.ts that reads as
 * German words and is written more than once.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The same letters with different meanings: a rack's position on the plan (racks.ts) is not an order line (WORDS.line). */
const SAME_WORD_OTHER_MEANING = new Set(['Position']);

// biome-ignore lint/suspicious/noExplicitAny: a walk over the parser's ESTree objects
type Node = any;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Text a person reads: a capitalised word, an umlaut or a space between words; not codes like PALLET_NOT_FOUND. */
const isGermanText = (t: string) => /[A-Za-zÄÖÜäöüß]{2,}/.test(t) && /^[A-ZÄÖÜ][a-zäöüß]|[äöüß]|[a-zäöüß] [A-Za-zÄÖÜäöüß]/.test(t);

function stringLiterals(fileName: string, source: string): { text: string; at: string }[] {
  const { program, errors } = parseSync(fileName, source, { lang: 'ts' });
  if (errors.length) throw new Error(`${fileName}: ${errors[0].message}`);
  const out: { text: string; at: string }[] = [];
  const visit = (node: Node, key: string) => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, key);
      return;
    }
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') return;
    let text: string | null = null;
    if (node.type === 'Literal' && typeof node.value === 'string' && key !== 'source') text = node.value;
    if (node.type === 'TemplateLiteral' && node.expressions.length === 0) text = node.quasis[0].value.cooked;
    if (text !== null && isGermanText(text)) out.push({ text, at: `${fileName}:${source.slice(0, node.start).split('\n').length}` });
    for (const [k, child] of Object.entries(node)) if (k !== 'type' && child && typeof child === 'object') visit(child, k);
  };
  visit(program, '');
  return out;
}

function repeats(files: { name: string; source: string }[]): string[] {
  const seen = new Map<string, string[]>();
  for (const f of files) for (const l of stringLiterals(f.name, f.source)) seen.set(l.text, [...(seen.get(l.text) ?? []), l.at]);
  return [...seen].filter(([text, at]) => at.length > 1 && !SAME_WORD_OTHER_MEANING.has(text)).map(([text, at]) => `"${text}": ${at.join(', ')}`);
}

describe('German catalogues', () => {
  it('the scan finds a string written twice, across files and within one', () => {
    const found = repeats([
      { name: 'a.ts', source: "export const A = { x: 'Welle', y: 'Welle', code: 'PALLET_NOT_FOUND', key: 'wave' };" },
      { name: 'b.ts', source: "import { A } from './a';\nexport const B = { z: `Noch keine Artikel.`, code: 'PALLET_NOT_FOUND', key: 'wave' };" },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text with a template literal
      { name: 'c.ts', source: "export const C = { w: 'Noch keine Artikel.', f: (n: number) => `${n} Stück` };" },
    ]);
    expect(found).toEqual(['"Welle": a.ts:1, a.ts:1', '"Noch keine Artikel.": b.ts:2, c.ts:1']);
  });

  it('no German string is written twice in shared/i18n and shared/constants.ts', () => {
    // The translations (shared/i18n/lang/) are not German; tests/shared/i18n/translations.test.ts checks them.
    const lang = join(ROOT, 'shared', 'i18n', 'lang');
    const names = [...tsFiles(join(ROOT, 'shared', 'i18n')).filter((f) => !f.startsWith(lang)), join(ROOT, 'shared', 'constants.ts')];
    const found = repeats(names.map((f) => ({ name: relative(ROOT, f), source: readFileSync(f, 'utf8') })));
    expect(found).toEqual([]);
  });
});
