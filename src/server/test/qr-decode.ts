/**
 * Reads a QR code back, as a phone's camera would: a PNG decoded (pngjs) and searched for a code
 * (jsQR). Tests use it to check what a code in an email really carries.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text the PNG's QR code carries, or null when no code is found in it. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

/** The same for a data: URL (the email preview's image). */
export function decodeQrDataUrl(url: string): string | null {
  const base64 = /^data:image\/png;base64,(.+)$/.exec(url)?.[1];
  return base64 ? decodeQrPng(Buffer.from(base64, 'base64')) : null;
}
