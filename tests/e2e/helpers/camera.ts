import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBuffer } from 'bwip-js/node';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from './browser';

/**
 * A fake camera for Chromium: it plays a Y4M file in a loop
 * (`--use-file-for-fake-video-capture`) and re-opens the file each time a page
 * starts the camera, so a test shows the camera another barcode by rewriting
 * the file between two camera scans (the app turns the camera off after each
 * read). `--use-fake-ui-for-media-stream` answers the permission prompt with yes.
 */
export interface FakeCamera {
  file: string;
  args: () => string[];
  /** Puts `code` (as `bcid`, a bwip-js symbology) in front of the camera; none: an empty white picture. */
  show: (browser: Browser, code?: string, bcid?: Symbology) => Promise<void>;
  dispose: () => void;
}

export type Symbology = 'ean13' | 'ean8' | 'code128' | 'qrcode';

/** The symbology a handheld would meet for `code`: EAN-13/8 for article numbers, Code 128 for the rest. */
export const symbologyOf = (code: string): Symbology => (/^\d{13}$/.test(code) ? 'ean13' : /^\d{8}$/.test(code) ? 'ean8' : 'code128');

const W = 640;
const H = 480;
const FRAMES = 4;

/** The barcode's PNG drawn centred on a white 640×480 picture, as the Y (luma) plane. */
async function lumaOf(page: Page, png: Buffer | null): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ({ src, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d canvas');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, w, h);
      if (src) {
        const img = new Image();
        img.src = src;
        await img.decode();
        const scale = Math.min((w * 0.7) / img.width, (h * 0.6) / img.height);
        const dw = Math.round(img.width * scale);
        const dh = Math.round(img.height * scale);
        g.imageSmoothingEnabled = false;
        g.drawImage(img, Math.round((w - dw) / 2), Math.round((h - dh) / 2), dw, dh);
      }
      const rgba = g.getImageData(0, 0, w, h).data;
      let bin = '';
      for (let i = 0; i < rgba.length; i += 4) bin += String.fromCharCode(Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]));
      return btoa(bin);
    },
    { src: png ? `data:image/png;base64,${png.toString('base64')}` : null, w: W, h: H },
  );
  return Buffer.from(b64, 'base64');
}

/** A Y4M 4:2:0 file: the header, then FRAMES times `FRAME\n` + Y + U + V (grey: U = V = 128). */
function y4m(luma: Buffer): Buffer {
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: FRAMES }, () => frame)]);
}

export function fakeCamera(): FakeCamera {
  const dir = mkdtempSync(join(tmpdir(), 'lagerwerk-camera-'));
  const file = join(dir, 'camera.y4m');
  // Chromium checks the file when it starts: an empty picture until a test shows a code.
  writeFileSync(file, y4m(Buffer.alloc(W * H, 255)));
  return {
    file,
    args: () => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    async show(browser, code, bcid = 'code128') {
      const shape = bcid === 'qrcode' ? {} : { height: 18 };
      const png = code ? await toBuffer({ bcid, text: code, scale: 3, ...shape, paddingwidth: 10, paddingheight: 10 }) : null;
      const ctx = await browser.newContext();
      try {
        writeFileSync(file, y4m(await lumaOf(await ctx.newPage(), png)));
      } finally {
        await ctx.close();
      }
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Scans `code` with the camera button of scan field `field`: the fake camera
 * shows it, the button opens the dialog (the explanation's button starts the
 * camera where the browser asks first), and the dialog closes after the read.
 */
export async function cameraScan(page: Page, camera: FakeCamera, field: string, code: string, bcid: Symbology = symbologyOf(code)): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await camera.show(browser, code, bcid);
  // With the decoder loaded and the camera allowed, the dialog can open and close between two looks: record its opening.
  await page.evaluate(() => {
    const w = window as Window & { cameraOpened?: boolean };
    w.cameraOpened = false;
    new MutationObserver((_m, o) => {
      if (!document.querySelector('[data-testid="camera-dialog"]')) return;
      w.cameraOpened = true;
      o.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId(`camera-${field}`).click();
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const opened = await page.evaluate(() => (window as Window & { cameraOpened?: boolean }).cameraOpened === true);
    if (opened && (await page.getByTestId('camera-dialog').count()) === 0) return;
    const allow = page.getByTestId('camera-allow');
    if (await allow.isVisible()) await allow.click().catch(() => undefined);
    const problem = page.getByTestId('camera-problem');
    if (await problem.isVisible()) throw new Error(`camera: ${await problem.textContent()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await screenshot(page, `camera-failed-${field}`);
  const phase = await page
    .getByTestId('camera-scan')
    .getAttribute('data-phase', { timeout: 1_000 })
    .catch(() => 'no dialog');
  throw new Error(`camera did not read ${code} (${phase})`);
}
