/**
 * A report as employees send it, read into what triage needs: who reported, the reported
 * message's headers that matter (From, Reply-To, Return-Path, Authentication-Results, the
 * Received path — kept as text), every body and attachment text to look for URLs in, images to
 * look for QR codes in, and every Message-ID that could be one of Hookwise's own messages.
 *
 * The reported message is found where people's mail clients put it: attached (a forward as
 * attachment, Microsoft 365's report-to-mailbox, an `.eml`, an Outlook `.msg`), or quoted in
 * the body of a plain forward (Outlook's "From: … Sent: … Subject:", Gmail's "Forwarded
 * message" block). Reported mail is hostile: it is size-limited before parsing, attachments
 * are parsed (never opened or run) to a fixed depth and count, archives are not unpacked.
 */
import msgReaderModule from '@kenjiuno/msgreader';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';

// CommonJS with an `__esModule` default: Node's loader hands over the exports object, a bundler the class.
const MsgReader =
  (msgReaderModule as unknown as { default?: typeof msgReaderModule }).default ?? msgReaderModule;

export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** A report inside a report inside a report: deeper is refused (a nesting bomb). */
export const MAX_DEPTH = 3;
export const MAX_ATTACHMENTS = 50;
const MAX_TEXT_ATTACHMENT_BYTES = 1024 * 1024;

export class ReportRejected extends Error {
  constructor(
    message: string,
    readonly reason: 'too_large' | 'not_a_message' | 'too_deep',
  ) {
    super(message);
  }
}

export interface MessageFacts {
  from: string | null;
  replyTo: string | null;
  returnPath: string | null;
  subject: string;
  messageId: string | null;
  authenticationResults: string[];
  received: string[];
}

export interface ParsedReport {
  reporter: { address: string | null; name: string | null };
  /** The reported message: the attached one, else what the forward quotes, else the report itself. */
  reported: MessageFacts;
  attached: boolean;
  texts: string[];
  htmls: string[];
  images: { content: Buffer; contentType: string }[];
  /** Message-IDs, References and In-Reply-To of every message in the report. */
  messageIds: string[];
  /** What was left out and why (an image too large, attachments beyond the limit), for a person. */
  notes: string[];
}

const firstAddress = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0];

function headerTexts(mail: ParsedMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

function factsOf(mail: ParsedMail): MessageFacts {
  const from = firstAddress(mail.from);
  const replyTo = firstAddress(mail.replyTo);
  const returnPath = headerTexts(mail, 'return-path')[0]?.replace(/[<>]/g, '') ?? null;
  return {
    from: from?.address ?? null,
    replyTo: replyTo?.address ?? null,
    returnPath: returnPath || null,
    subject: mail.subject ?? '',
    messageId: mail.messageId ?? null,
    authenticationResults: headerTexts(mail, 'authentication-results'),
    received: headerTexts(mail, 'received'),
  };
}

function idsOf(mail: ParsedMail): string[] {
  const references = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  return [mail.messageId, mail.inReplyTo, ...references].filter((id): id is string => Boolean(id));
}

/** A header block's first line: "Name: value" (mail starts with headers, whatever else it holds). */
function looksLikeMessage(raw: Buffer): boolean {
  const head = raw.subarray(0, 2000).toString('latin1');
  return /^(?:[!-9;-~]+:[^\r\n]*\r?\n)/.test(head) && /\r?\n\r?\n/.test(head);
}

const isMessageAttachment = (a: Attachment) =>
  a.contentType === 'message/rfc822' || /\.eml$/i.test(a.filename ?? '');
const isOutlookMsg = (a: Attachment) =>
  a.contentType === 'application/vnd.ms-outlook' || /\.msg$/i.test(a.filename ?? '');

/**
 * Outlook's `.msg` (a compound file), read with msgreader: its bodies, and its transport headers
 * (what the message arrived with: Authentication-Results, Received, its Message-ID) parsed as
 * a message's headers are.
 */
async function outlookMessage(content: Buffer, into: Walk): Promise<MessageFacts> {
  let data: ReturnType<InstanceType<typeof MsgReader>['getFileData']>;
  try {
    data = new MsgReader(new DataView(content.buffer, content.byteOffset, content.byteLength)).getFileData();
  } catch {
    throw new ReportRejected('The attached Outlook message could not be read', 'not_a_message');
  }
  if (data.error) throw new ReportRejected('The attached Outlook message could not be read', 'not_a_message');
  if (data.body) into.texts.push(data.body);
  const html = data.bodyHtml ?? (data.html ? Buffer.from(data.html).toString('utf8') : undefined);
  if (html) into.htmls.push(html);
  const headers = data.headers ? await simpleParser(`${data.headers.trimEnd()}\r\n\r\n`) : undefined;
  if (headers) into.messageIds.push(...idsOf(headers));
  const facts = headers ? factsOf(headers) : emptyFacts();
  return {
    ...facts,
    from: data.senderEmail ?? facts.from,
    subject: data.subject ?? facts.subject,
  };
}

// Quoted headers of a plain forward, as Outlook and Gmail write them.
const QUOTED_FROM = /^\s*(?:\*\s*)?(?:From|Von|De|Da|Van|Od|Från|Fra):\s*(?:\*\s*)?(.+)$/im;
const QUOTED_SUBJECT =
  /^\s*(?:\*\s*)?(?:Subject|Betreff|Objet|Asunto|Oggetto|Assunto|Onderwerp|Předmět):\s*(?:\*\s*)?(.+)$/im;
const FORWARD_MARKER =
  /(?:-{5,}\s*Forwarded message\s*-{5,}|-{5,}\s*Original Message\s*-{5,}|^_{10,}$|^From:\s.+\r?\n(?:Sent|Date):)/im;

/** The quoted original of an inline forward, when the body carries one. */
function quotedFacts(text: string): Partial<MessageFacts> | undefined {
  const marker = FORWARD_MARKER.exec(text);
  if (!marker) return undefined;
  const rest = text.slice(marker.index);
  const fromLine = QUOTED_FROM.exec(rest)?.[1]?.trim();
  const subject = QUOTED_SUBJECT.exec(rest)?.[1]?.trim();
  const address = fromLine
    ? (/<([^<>\s]+@[^<>\s]+)>/.exec(fromLine)?.[1] ?? /\S+@\S+/.exec(fromLine)?.[0])
    : undefined;
  return { from: address?.replace(/[<>[\]()]/g, '') ?? null, subject: subject ?? '' };
}

/** "FW: RE: Fwd: 3| Subject" → "Subject": forward and reply prefixes, Microsoft 365's verdict prefix. */
export function baseSubject(subject: string): string {
  return subject.replace(/^\s*(?:(?:fwd?|fw|re|aw|wg|tr|rv|sv|vs|ř|odp)\s*:\s*|\d\|\s*)+/i, '').trim();
}

interface Walk {
  texts: string[];
  htmls: string[];
  images: { content: Buffer; contentType: string }[];
  messageIds: string[];
  notes: string[];
  attachments: number;
  inner?: MessageFacts;
}

async function walk(raw: Buffer, depth: number, into: Walk): Promise<ParsedMail> {
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxHtmlLengthToParse: 5_000_000,
  });
  if (mail.text) into.texts.push(mail.text);
  if (mail.html) into.htmls.push(mail.html);
  into.messageIds.push(...idsOf(mail));
  for (const attachment of mail.attachments) {
    if (++into.attachments > MAX_ATTACHMENTS) {
      into.notes.push(`more than ${MAX_ATTACHMENTS} attachments: the rest were not read`);
      break;
    }
    await readAttachment(attachment, depth, into);
  }
  return mail;
}

async function readAttachment(attachment: Attachment, depth: number, into: Walk): Promise<void> {
  const name = attachment.filename ?? attachment.contentType;
  if (isMessageAttachment(attachment) || isOutlookMsg(attachment)) {
    if (depth + 1 > MAX_DEPTH)
      throw new ReportRejected(`Messages nested more than ${MAX_DEPTH} deep`, 'too_deep');
    if (isOutlookMsg(attachment)) {
      const facts = await outlookMessage(attachment.content, into);
      into.inner ??= facts;
      return;
    }
    const inner = await walk(attachment.content, depth + 1, into);
    into.inner ??= factsOf(inner);
    return;
  }
  if (attachment.contentType.startsWith('image/')) {
    into.images.push({ content: attachment.content, contentType: attachment.contentType });
    return;
  }
  if (attachment.contentType.startsWith('text/')) {
    if (attachment.size > MAX_TEXT_ATTACHMENT_BYTES) into.notes.push(`${name}: too large to read`);
    else if (attachment.contentType === 'text/html') into.htmls.push(attachment.content.toString('utf8'));
    else into.texts.push(attachment.content.toString('utf8'));
    return;
  }
  // Archives, documents and programs are never opened: a person looks at them, if anyone.
  into.notes.push(`${name}: not opened`);
}

function emptyFacts(): MessageFacts {
  return {
    from: null,
    replyTo: null,
    returnPath: null,
    subject: '',
    messageId: null,
    authenticationResults: [],
    received: [],
  };
}

export async function parseReport(raw: Buffer): Promise<ParsedReport> {
  if (raw.length > MAX_MESSAGE_BYTES) {
    throw new ReportRejected(
      `The message is larger than ${MAX_MESSAGE_BYTES / 1048576} MB, the most a report may be`,
      'too_large',
    );
  }
  if (!looksLikeMessage(raw))
    throw new ReportRejected('This is not an e-mail message (no header block)', 'not_a_message');
  const into: Walk = { texts: [], htmls: [], images: [], messageIds: [], notes: [], attachments: 0 };
  const outer = await walk(raw, 0, into);
  const from = firstAddress(outer.from);
  const outerFacts = factsOf(outer);
  const quoted = into.inner ? undefined : quotedFacts(outer.text ?? '');
  const reported: MessageFacts = into.inner ?? {
    ...emptyFacts(),
    from: quoted?.from ?? null,
    subject: quoted?.subject || baseSubject(outerFacts.subject),
  };
  return {
    reporter: { address: from?.address?.toLowerCase() ?? null, name: from?.name || null },
    reported: { ...reported, subject: baseSubject(reported.subject) },
    attached: into.inner !== undefined,
    texts: into.texts,
    htmls: into.htmls,
    images: into.images,
    messageIds: [...new Set(into.messageIds)],
    notes: into.notes,
  };
}
