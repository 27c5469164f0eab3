/**
 * The barcode decoder of camera scanning, loaded when the camera is first
 * opened (docs/architecture.md "Camera scanning"): the browser's own
 * BarcodeDetector where it has one with our formats (Chrome on Android),
 * elsewhere the `barcode-detector` ponyfill on ZXing-C++ WebAssembly. Both are
 * dynamic imports, so neither the ponyfill nor the .wasm is in the first
 * screen's JavaScript or ever fetched on a device that only uses its scanner.
 * The .wasm comes from our own build (not zxing-wasm's default CDN); the
 * service worker caches it on first use (vite.config.ts), so it works offline.
 */

/** What we read: EAN-13/8, UPC-A/E, Code 128 (also GS1-128) and QR. */
export const CAMERA_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'qr_code'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}
export interface Decoder {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Decoder;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<Decoder | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    // Only when it reads the retail codes; a detector with QR alone would miss every article.
    if (!supported.has('ean_13') || !supported.has('code_128')) return null;
    return new Native({ formats: CAMERA_FORMATS.filter((f) => supported.has(f)) });
  } catch {
    return null;
  }
}

async function wasmDecoder(): Promise<Decoder> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
}

let loading: Promise<Decoder> | null = null;

/** The one decoder of the page (loaded once; a failed load is tried again next time). */
export function loadDecoder(): Promise<Decoder> {
  loading ??= (async () => (await nativeDecoder()) ?? (await wasmDecoder()))().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
