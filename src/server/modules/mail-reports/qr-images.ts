/**
 * QR codes in a reported message's images (a "scan to keep your mailbox" lure carries its URL
 * only there). PNG and JPEG are decoded in pure JavaScript — nothing of the image is run — and
 * an image claiming more pixels than a screenshot has is refused before it is decoded: a small
 * file can declare a huge image (a decompression bomb).
 */
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** About a phone screenshot's size; a QR code needs far fewer pixels to be read. */
export const MAX_IMAGE_PIXELS = 8_000_000;

export type QrResult =
  { kind: 'code'; text: string } | { kind: 'none' } | { kind: 'refused'; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function rgba(
  bytes: Buffer,
  contentType: string,
): { data: Uint8Array; width: number; height: number } | string {
  const size = pngSize(bytes);
  if (size) {
    if (size.width * size.height > MAX_IMAGE_PIXELS) return `image of ${size.width}×${size.height} pixels`;
    const png = PNG.sync.read(bytes);
    return { data: png.data, width: png.width, height: png.height };
  }
  if (contentType === 'image/jpeg' || (bytes[0] === 0xff && bytes[1] === 0xd8)) {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 128,
    });
    return { data: image.data, width: image.width, height: image.height };
  }
  return 'not a PNG or JPEG image';
}

export function qrCodeIn(bytes: Buffer, contentType: string): QrResult {
  try {
    const image = rgba(bytes, contentType);
    if (typeof image === 'string') return { kind: 'refused', reason: image };
    const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
    const code = jsQR(pixels, image.width, image.height);
    return code?.data ? { kind: 'code', text: code.data } : { kind: 'none' };
  } catch (error) {
    return {
      kind: 'refused',
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unreadable image',
    };
  }
}
