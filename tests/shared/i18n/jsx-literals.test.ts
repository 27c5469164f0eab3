import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * German screen text lives in the shared/i18n catalogues, never as a literal in
 * client JSX (docs/architecture.md, principle 6 "German wherever a person reads"). This scan parses every
 * client/**\/*.tsx (vite's parser: the one that builds the app) and names
 * file:line of
 *  - JSX text with a letter in it (a text child must come from a catalogue),
 *  - a string or template literal that reads as words (an umlaut, a capitalised
 *    word or two words) in a text attribute (title, aria-label, placeholder, …)
 *    or in an expression that is a JSX child.
 * Comparisons and lookups inside those expressions (`status === 'started'`,
 * `fn('key')`) are not text and are skipped.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Attributes whose value the user reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  'title',
  'subtitle',
  'aria-label',
  'aria-description',
  'placeholder',
  'label',
  'alt',
  'hint',
  'description',
  'message',
  'confirmLabel',
  'cancelLabel',
]);

/** Text that is the same in every language (symbols, the brand). Keep this short. */
const ALLOWED = new Set<string>([]);

const GERMANISH = /[äöüßÄÖÜ]|\b[A-ZÄÖÜ][a-zäöüß]+\b|[A-Za-zäöüß]{2,}\s+[A-Za-zäöüß]{2,}/;

// biome-ignore lint/suspicious/noExplicitAny: a walk over the parser's ESTree objects
type Node = any;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

/** The literal pieces of text an expression can evaluate to (not the ones it only compares or passes on). */
function textLiterals(node: Node, out: { node: Node; text: string }[]): void {
  if (!node) return;
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') out.push({ node, text: node.value });
      return;
    case 'TemplateLiteral':
      for (const q of node.quasis) out.push({ node: q, text: q.value.cooked ?? q.value.raw });
      for (const e of node.expressions) textLiterals(e, out);
      return;
    case 'JSXExpressionContainer':
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
      textLiterals(node.expression, out);
      return;
    case 'ConditionalExpression':
      textLiterals(node.consequent, out);
      textLiterals(node.alternate, out);
      return;
    case 'LogicalExpression':
      if (node.operator !== '&&') textLiterals(node.left, out);
      textLiterals(node.right, out);
      return;
    case 'BinaryExpression':
      if (node.operator === '+') {
        textLiterals(node.left, out);
        textLiterals(node.right, out);
      }
      return;
  }
}

function findJsxLiterals(fileName: string, source: string): string[] {
  const { program, errors } = parseSync(fileName, source, { lang: 'tsx' });
  if (errors.length) throw new Error(`${fileName}: ${errors[0].message}`);
  const found: string[] = [];
  const report = (node: Node, text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (ALLOWED.has(t)) return;
    const line = source.slice(0, node.start).split('\n').length;
    found.push(`${fileName}:${line}: ${t}`);
  };
  const checkExpression = (expr: Node) => {
    const lits: { node: Node; text: string }[] = [];
    textLiterals(expr, lits);
    for (const l of lits) if (GERMANISH.test(l.text)) report(l.node, l.text);
  };
  const visit = (node: Node, parent: Node) => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, parent);
      return;
    }
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') return;
    if (node.type === 'JSXText') {
      if (/[A-Za-zÄÖÜäöüß]/.test(node.value)) report(node, node.value);
    } else if (node.type === 'JSXAttribute') {
      const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
      if (TEXT_ATTRIBUTES.has(name) && node.value) checkExpression(node.value);
    } else if (node.type === 'JSXExpressionContainer' && (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')) {
      checkExpression(node.expression);
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && child && typeof child === 'object') visit(child, node);
  };
  visit(program, null);
  return found;
}

describe('German text in client JSX', () => {
  it('the scan finds text children, text attributes and German literals in child expressions', () => {
    const planted = [
      'const a = <p>Bitte warten</p>;',
      'const b = <Button aria-label="Menge erhöhen" className="flex gap-2" type="button" />;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text with a template literal
      'const c = <span>{ok ? T.done : `Noch ${n} offen`}</span>;',
      'const d = <Field label={x ?? "Menge"} />;',
      'const e = <p>{T.title}: {formatNumber(n)} · {a === "Offen" ? 1 : 2}</p>;',
    ].join('\n');
    const hits = findJsxLiterals('plant.tsx', planted);
    expect(hits).toEqual(['plant.tsx:1: Bitte warten', 'plant.tsx:2: Menge erhöhen', 'plant.tsx:3: Noch', 'plant.tsx:4: Menge']);
  });

  it('no client .tsx file holds German literal text in JSX (move it to shared/i18n)', () => {
    const hits = tsxFiles(join(ROOT, 'client')).flatMap((f) => findJsxLiterals(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });
});
