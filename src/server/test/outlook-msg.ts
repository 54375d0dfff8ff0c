/**
 * An Outlook item file (.msg) for tests, built as Outlook stores a message: a compound file
 * (CFBF, written by msgreader's own burner) whose MAPI properties are streams named
 * `__substg1.0_<tag><type>` — subject (0037), sender address (0C1F), plain body (1000),
 * transport headers (007D), all UTF-16 strings (001F).
 */
import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';
import { TypeEnum } from '@kenjiuno/msgreader/lib/Reader.js';

const utf16 = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));

export function outlookMsg(message: {
  subject: string;
  from: string;
  body: string;
  headers: string;
}): Buffer {
  const streams: [string, Uint8Array][] = [
    ['__substg1.0_0037001F', utf16(message.subject)],
    ['__substg1.0_0C1F001F', utf16(message.from)],
    ['__substg1.0_1000001F', utf16(message.body)],
    ['__substg1.0_007D001F', utf16(message.headers)],
    // The property stream's header (a top-level message: 32 bytes); no fixed-size properties.
    ['__properties_version1.0', new Uint8Array(32)],
  ];
  const entries: Entry[] = [
    { name: 'Root Entry', type: TypeEnum.ROOT, length: 0, children: streams.map((_, i) => i + 1) },
    ...streams.map(([name, data]): Entry => ({
      name,
      type: TypeEnum.DOCUMENT,
      length: data.length,
      binaryProvider: () => data,
    })),
  ];
  return Buffer.from(burn(entries));
}
