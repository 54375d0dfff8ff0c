/**
 * The QR code an email can carry ({{qr_code}}): the recipient's own link with `&via=qr`, so a
 * visit through it is told from a click on the link, drawn as a PNG by `qrcode`. The outbox sends
 * it as an inline (cid:) attachment; the preview inlines it as a data: URL, since a browser has
 * no message to resolve a cid: in.
 */
import { VIA_PARAM } from '@shared/clicks';
import type { LanguageCode } from '@shared/languages';

/** The Content-ID the HTML part refers to the image by (`src="cid:…"`). */
export const QR_CID = 'qr-code@hookwise';
export const QR_FILENAME = 'qr-code.png';

/** The image's alternative text, in the message's language. */
const QR_ALT: Record<LanguageCode, string> = {
  ar: 'رمز QR',
  cs: 'QR kód',
  de: 'QR-Code',
  en: 'QR code',
  es: 'Código QR',
  fr: 'Code QR',
  hi: 'QR कोड',
  hr: 'QR kôd',
  hu: 'QR-kód',
  it: 'Codice QR',
  ja: 'QRコード',
  ko: 'QR 코드',
  pt: 'Código QR',
  ro: 'Cod QR',
  ru: 'QR-код',
  sk: 'QR kód',
  sr: 'QR kod',
  tr: 'QR kod',
  zh: '二维码',
};

/** Shown at this size (CSS pixels); drawn at twice it, so it stays sharp on dense screens. */
const SIZE = 200;

/** The link a QR code carries: the recipient's link, marked as followed through the code. */
export function qrLink(link: string): string {
  const url = new URL(link);
  url.searchParams.set(VIA_PARAM, 'qr');
  return url.toString();
}

/** The HTML image for the code; `src` is the cid: reference, or a data: URL in the preview. */
export function qrImageHtml(language: LanguageCode, src = `cid:${QR_CID}`): string {
  return (
    `<img src="${src}" alt="${QR_ALT[language]}" width="${SIZE}" height="${SIZE}"` +
    ` style="display:block;width:${SIZE}px;height:${SIZE}px;border:0">`
  );
}

// Medium error correction survives a smudged print or a photo of a screen; the quiet zone of
// 4 modules is the standard's, which phone cameras need to find the code.
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4, width: SIZE * 2 } as const;

/** The code as a PNG. `qrcode` is loaded with the first one: a server that sends none never holds it. */
export async function qrPng(url: string): Promise<Buffer> {
  const { default: qrcode } = await import('qrcode');
  return qrcode.toBuffer(url, { ...OPTIONS, type: 'png' });
}

/** The code as a data: URL, for documents a browser shows (the console's preview). */
export async function qrDataUrl(url: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(url)).toString('base64')}`;
}
