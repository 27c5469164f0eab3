/**
 * Reads our ZPL back for tests (docs/integrations.md "Label printers (ZPL)"):
 * the formats (^XA…^XZ), the Code 128 fields (^BC…^FD<data>^FS, ^FH hex
 * escapes undone, `><` back to `>` in mode N) and the text fields.
 */
export const zplFormats = (zpl: string): string[] => zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];

const unhex = (s: string) => s.replace(/_([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

export interface ZplBarcode {
  /** ^BC's sixth parameter: N (as given) or D (GS1-128). */
  mode: string;
  data: string;
}

export function zplBarcodes(zpl: string): ZplBarcode[] {
  return [...zpl.matchAll(/\^BC([^^]*)(\^FH_)?\^FD([^^]*)\^FS/g)].map((m) => {
    const mode = (m[1] ?? '').split(',')[5] ?? 'N';
    const raw = m[2] ? unhex(m[3] ?? '') : (m[3] ?? '');
    return { mode, data: mode === 'N' ? raw.replace(/></g, '>') : raw };
  });
}

export function zplTexts(zpl: string): string[] {
  return [...zpl.matchAll(/\^A0[^^]*(?:\^FB[^^]*)?(\^FH_)?\^FD([^^]*)\^FS/g)].map((m) => (m[1] ? unhex(m[2] ?? '') : (m[2] ?? '')));
}
