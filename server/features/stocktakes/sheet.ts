import { toBuffer } from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { WAREHOUSE_TIME_ZONE } from '../../../shared/constants';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { formatNumber } from '../../../shared/i18n/format';
import { STOCKTAKE_SHEET as S, STOCKTAKE_WORDS as W } from '../../../shared/i18n/stocktakes';
import { WORDS } from '../../../shared/i18n/ui';
import type { Actor } from '../../auth/actor';
import type { DbOrTrx } from '../../db/index';
import { headOf, linesOf } from './queries';

/**
 * The count sheet (Zählliste, docs/operations.md "Stocktake"): A4 portrait,
 * the places one under the other, each headed by its barcode as Code 128 so
 * the counter's handheld scans the place straight off the paper; then its
 * lines (EAN, article, batch, on an open stocktake the expected quantity)
 * with an empty box to write the count in, and blank rows for articles found
 * there but not listed. A blind stocktake's sheet shows no expected quantity
 * to anyone: the paper travels. pdfkit measures in points.
 */

export interface SheetLine {
  ean: string;
  title: string;
  batch: string;
  expected: number | null;
}
export interface SheetData {
  number: string;
  name: string;
  created_at: Date;
  blind: boolean;
  places: { barcode: string; lines: SheetLine[] }[];
}

/** The sheet's content: every place of the stocktake with the lines in the reader's scope. */
export async function stocktakeSheetData(db: DbOrTrx, actor: Actor, id: number): Promise<SheetData> {
  const st = await headOf(db, id);
  const places = new Map<string, SheetLine[]>();
  for (const r of await linesOf(db, actor, id)) {
    const lines = places.get(r.place) ?? [];
    places.set(r.place, lines);
    if (r.line_id === null || r.expected === null) continue;
    lines.push({ ean: r.ean ?? '', title: r.title ?? '', batch: r.batch_number ?? '', expected: st.blind ? null : r.expected });
  }
  return { ...st, created_at: new Date(st.created_at), places: [...places].map(([barcode, lines]) => ({ barcode, lines })) };
}

const MM = 72 / 25.4;
const PAGE = { w: 595.28, h: 841.89 };
const MARGIN = 15 * MM;
const BOTTOM = PAGE.h - MARGIN - 14;
const ROW = 18;
const BAR_H = 11 * MM;
/** One Code 128 module is 1 pt (0.35 mm) on paper, above the 0.25 mm a handheld reads reliably at arm's length. */
const BAR_SCALE = 3;
const FOUND_ROWS = 2;

const sheetDate = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: WAREHOUSE_TIME_ZONE });

async function code128(text: string): Promise<{ png: Buffer; width: number }> {
  const png = await toBuffer({ bcid: 'code128', text, scale: BAR_SCALE, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
  // PNG header: the width is the big-endian word at byte 16; one module is BAR_SCALE pixels.
  return { png, width: png.readUInt32BE(16) / BAR_SCALE };
}

interface Column {
  head: string;
  width: number;
  right?: boolean;
  cell: (l: SheetLine) => string;
}

function columnsFor(blind: boolean): Column[] {
  const inner = PAGE.w - 2 * MARGIN;
  const fixed: Column[] = [
    { head: FIELD_LABELS.ean, width: 92, cell: (l) => l.ean },
    { head: WORDS.article, width: 0, cell: (l) => l.title },
    { head: WORDS.batch, width: 80, cell: (l) => l.batch || '–' },
  ];
  if (!blind) fixed.push({ head: W.expected, width: 50, right: true, cell: (l) => formatNumber(l.expected) });
  fixed.push({ head: W.counted, width: 70, right: true, cell: () => '' });
  fixed[1].width = inner - fixed.reduce((sum, c) => sum + c.width, 0);
  return fixed;
}

export async function renderStocktakeSheet(data: SheetData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: S.title(data.number, data.name), Creator: 'Lagerwerk' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cols = columnsFor(data.blind);
  const inner = PAGE.w - 2 * MARGIN;
  let y = 0;

  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#000000')
      .text(S.title(data.number, data.name), MARGIN, MARGIN, { width: inner, lineBreak: false, ellipsis: true });
    const sub = [S.created(sheetDate.format(data.created_at)), data.blind ? S.blindNote : null].filter(Boolean).join(' · ');
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333333')
      .text(sub, MARGIN, MARGIN + 18, { width: inner, lineBreak: false });
    y = MARGIN + 40;
  };
  const row = (cells: (c: Column) => string, opts: { bold?: boolean; box?: boolean }) => {
    let x = MARGIN;
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#000000');
    for (const c of cols) {
      const text = cells(c);
      if (text) doc.text(text, x + 3, y + 5, { width: c.width - 6, align: c.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += c.width;
    }
    doc.lineWidth(0.5).strokeColor('#999999');
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(MARGIN + inner, y + ROW)
      .stroke();
    // The count box: the last column, framed so the counter writes into it.
    if (opts.box) doc.rect(MARGIN + inner - cols[cols.length - 1].width + 4, y + 2, cols[cols.length - 1].width - 8, ROW - 4).stroke();
    y += ROW;
  };
  const placeHead = async (barcode: string) => {
    const bar = await code128(barcode);
    // Quiet zone: the page margin on the left, 12 pt of white before the place's name on the right.
    doc.image(bar.png, MARGIN, y, { width: bar.width, height: BAR_H });
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#000000')
      .text(S.place(barcode), MARGIN + bar.width + 12, y + BAR_H / 2 - 7, { lineBreak: false });
    y += BAR_H + 6;
    row((c) => c.head, { bold: true });
  };

  newPage();
  for (const place of data.places) {
    const rows = Math.max(place.lines.length, 1) + FOUND_ROWS + 1;
    // A place stays on one page when it fits on a fresh one; a longer one continues under its barcode again.
    const height = BAR_H + 6 + ROW * (rows + 1) + 16;
    if (y + height > BOTTOM && y > MARGIN + 40) newPage();
    await placeHead(place.barcode);
    for (const line of place.lines) {
      if (y + ROW > BOTTOM) {
        newPage();
        await placeHead(place.barcode);
      }
      row((c) => c.cell(line), { box: true });
    }
    if (place.lines.length === 0) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor('#555555')
        .text(S.noLines, MARGIN + 3, y + 5, { lineBreak: false });
      y += ROW;
    }
    if (y + ROW * (FOUND_ROWS + 1) > BOTTOM) {
      newPage();
      await placeHead(place.barcode);
    }
    doc
      .font('Helvetica-Oblique')
      .fontSize(8)
      .fillColor('#555555')
      .text(S.foundRows, MARGIN + 3, y + 6, { lineBreak: false });
    y += ROW;
    for (let i = 0; i < FOUND_ROWS; i++) row(() => '', { box: true });
    y += 16;
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.font('Helvetica').fontSize(8).fillColor('#333333');
    doc.text(S.countedBy, MARGIN, PAGE.h - MARGIN, { lineBreak: false });
    doc.text(S.page(i + 1, range.count), MARGIN, PAGE.h - MARGIN, { width: inner, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
