import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes every page of a label PDF with zbarimg (after pdftoppm), in page order. */
export function decodePdf(tmp: string, pdf: Buffer, name: string): string[] {
  const file = join(tmp, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', file, join(tmp, name)]);
  const pages = readdirSync(tmp)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort();
  return pages.map((p) => execFileSync('zbarimg', ['-q', '--raw', join(tmp, p)], { encoding: 'utf8' }).trim());
}

export function pdfText(tmp: string, name: string): string {
  return execFileSync('pdftotext', [join(tmp, `${name}.pdf`), '-'], { encoding: 'utf8' });
}

export function pdfInfo(tmp: string, name: string): string {
  return execFileSync('pdfinfo', [join(tmp, `${name}.pdf`)], { encoding: 'utf8' });
}
