/**
 * A small ZPL II writer for our own labels (docs/integrations.md "Label
 * printers (ZPL)"): 100 × 150 mm portrait (4 × 6 in, the usual thermal roll,
 * the same roll as DHL's 910-300-400) at 203 dpi = 800 × 1200 dots.
 * Texts use the scalable font 0 with UTF-8 (^CI28); every field goes through
 * ^FH so `^`, `~` and `_` in user data are sent as hex and cannot end a field.
 * Code 128 is ^BC: mode N (the printer encodes the data as given) for plain
 * codes, mode D (GS1-128: FNC1 first, the AI in parentheses is not encoded)
 * for SSCCs, the same data bwip-js gets for the PDF (`(00)` + 18 digits).
 */
export const ZPL_DOTS_PER_MM = 8;
export const ZPL_PAGE = { width: 800, height: 1200 } as const;

/** Field data for ^FH_: `_`, `^`, `~` as hex, control characters dropped. */
export function zplEscape(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) continue;
    out += c === '_' || c === '^' || c === '~' ? `_${code.toString(16).toUpperCase()}` : c;
  }
  return out;
}

/** Modules of a Code 128 symbol: start, data, check, stop (2 for the stop's bar). */
function code128Modules(data: string, gs1: boolean): number {
  const symbols = gs1 ? 1 + Math.ceil(data.replace(/[()]/g, '').length / 2) : data.length;
  return 11 * (symbols + 2) + 13;
}

export interface ZplText {
  x?: number;
  y: number;
  size: number;
  /** Centre within the page (default) or start at x. */
  align?: 'C' | 'L';
  width?: number;
}

export class ZplLabel {
  private readonly out: string[] = ['^XA', '^CI28', `^PW${ZPL_PAGE.width}`, `^LL${ZPL_PAGE.height}`, '^LH0,0'];

  text(t: ZplText, value: string): this {
    const x = t.x ?? 0;
    const width = t.width ?? ZPL_PAGE.width - x;
    this.out.push(`^FO${x},${t.y}^A0N,${t.size},${t.size}^FB${width},1,0,${t.align ?? 'C'},0^FH_^FD${zplEscape(value)}^FS`);
    return this;
  }

  /** A horizontal rule. */
  rule(x: number, y: number, width: number, thickness = 3): this {
    this.out.push(`^FO${x},${y}^GB${width},${thickness},${thickness}^FS`);
    return this;
  }

  /**
   * Code 128 centred on the page, as wide as fits in maxWidth dots (module 2–6 dots).
   * gs1: GS1-128 with the AI in parentheses, e.g. `(00)340123450000000018`.
   */
  code128(y: number, height: number, data: string, opts: { gs1?: boolean; maxWidth?: number } = {}): this {
    const gs1 = opts.gs1 ?? false;
    const modules = code128Modules(data, gs1);
    const module = Math.max(2, Math.min(6, Math.floor((opts.maxWidth ?? 700) / modules)));
    const x = Math.max(0, Math.round((ZPL_PAGE.width - modules * module) / 2));
    // In mode N `>` starts an invocation code; `><` is a literal `>`.
    const fd = gs1 ? data : data.replace(/>/g, '><');
    this.out.push(`^BY${module},3,${height}`, `^FO${x},${y}^BCN,${height},N,N,N,${gs1 ? 'D' : 'N'}^FH_^FD${zplEscape(fd)}^FS`);
    return this;
  }

  end(): string {
    return [...this.out, '^XZ'].join('\n');
  }
}

/** Font size that fits `text` on one line of `width` dots (font 0 is about 0.6 em wide per character). */
export function fittingSize(text: string, width: number, max: number, min = 24): number {
  return Math.max(min, Math.min(max, Math.floor(width / (0.62 * Math.max(1, [...text].length)))));
}
