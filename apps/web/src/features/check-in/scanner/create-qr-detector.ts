import type { BarcodeDetector as BarcodeDetectorPonyfill } from 'barcode-detector/ponyfill';
// The reader's WebAssembly as a file of our own build: the site runs on a lan without
// internet, and zxing-wasm would otherwise fetch it from a CDN. It must be the version
// barcode-detector bundles the reader's glue code of (it pins zxing-wasm exactly).
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scanner needs of a BarcodeDetector, native or not. */
export type QrDetector = Pick<BarcodeDetectorPonyfill, 'detect'>;

type BarcodeDetectorClass = typeof BarcodeDetectorPonyfill;

/**
 * A QR code detector: the browser's own BarcodeDetector where it reads QR codes (Chrome
 * on Android), else the barcode-detector ponyfill (ZXing in WebAssembly; Safari, Firefox,
 * desktop Chrome), loaded only then.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const NativeDetector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (NativeDetector && (await NativeDetector.getSupportedFormats()).includes('qr_code')) {
    return new NativeDetector({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingReaderWasmUrl : `${prefix}${path}`,
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
