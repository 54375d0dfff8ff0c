/**
 * Moving from GoPhish (one file per area: see admin-api.ts): GoPhish's own export formats, as its
 * API returns them (a template, a landing page, a group, a sending profile — one object, or the
 * array its list endpoints return), each recognised from its fields so a file given as the wrong
 * kind is refused with words. gophish-import.ts holds the import's body and answer.
 */
import { z } from 'zod';
import { gophishRefusal } from './gophish-refusal';
import { PAGE_HTML_MAX } from './campaign';

export const gophishTemplateSchema = z.object({
  name: z.string().max(200).default('GoPhish template'),
  subject: z.string().max(300).default(''),
  text: z.string().max(20_000).default(''),
  html: z.string().max(500_000).default(''),
  envelope_sender: z.string().max(200).default(''),
  attachments: z
    .array(z.object({ name: z.string().default('attachment') }).loose())
    .nullable()
    .default([]),
});
export type GophishTemplate = z.infer<typeof gophishTemplateSchema>;

export const gophishPageSchema = z.object({
  name: z.string().max(200).default('GoPhish page'),
  html: z.string().max(PAGE_HTML_MAX).default(''),
  capture_credentials: z.boolean().default(false),
  capture_passwords: z.boolean().default(false),
  redirect_url: z.string().max(2048).default(''),
});
export type GophishPage = z.infer<typeof gophishPageSchema>;

export const gophishTargetSchema = z.object({
  email: z.string().default(''),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  position: z.string().default(''),
});

export const gophishGroupSchema = z.object({
  name: z.string().default('GoPhish group'),
  // Go writes null for a group without targets.
  targets: z
    .array(gophishTargetSchema)
    .max(100_000)
    .nullable()
    .transform((targets) => targets ?? []),
});
export type GophishGroup = z.infer<typeof gophishGroupSchema>;

/** GoPhish's sending profile ("SMTP"). Its export carries the password: Hookwise never takes it. */
export const gophishSmtpSchema = z.object({
  name: z.string().max(200).default('GoPhish sending profile'),
  interface_type: z.string().max(40).default('SMTP'),
  host: z.string().max(300).default(''),
  username: z.string().max(500).default(''),
  password: z.string().max(1000).default(''),
  from_address: z.string().max(300).default(''),
  ignore_cert_errors: z.boolean().default(false),
  headers: z
    .array(z.object({ key: z.string().max(200), value: z.string().max(998) }))
    .nullable()
    .default([]),
});
export type GophishSmtp = z.infer<typeof gophishSmtpSchema>;

export const GOPHISH_KINDS = ['template', 'page', 'group', 'smtp', 'campaign'] as const;
export type GophishKind = (typeof GOPHISH_KINDS)[number];

/** The fields only one kind of GoPhish object has, most telling first. */
const KIND_FIELDS: Record<GophishKind, readonly string[]> = {
  campaign: ['results', 'timeline', 'launch_date', 'send_by_date', 'completed_date'],
  group: ['targets'],
  smtp: ['interface_type', 'from_address', 'ignore_cert_errors', 'host'],
  page: ['capture_credentials', 'capture_passwords', 'redirect_url'],
  template: ['subject', 'envelope_sender', 'attachments', 'text'],
};

const KIND_WORDS: Record<GophishKind, string> = {
  template: 'an e-mail template',
  page: 'a landing page',
  group: 'a group',
  smtp: 'a sending profile (SMTP)',
  campaign: 'a campaign',
};

/** Which kind of GoPhish object this is, from its fields; null when it has none of theirs. */
export function gophishKindOf(value: unknown): GophishKind | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  // A campaign embeds its template and page, so its own fields are looked for first.
  const order: GophishKind[] = ['campaign', 'group', 'smtp', 'page', 'template'];
  return order.find((kind) => KIND_FIELDS[kind].some((field) => field in value)) ?? null;
}

/** The words for a file of the wrong kind, as the API, the CLI and the console show them. */
export function wrongKindMessage(expected: GophishKind, found: GophishKind | null): string {
  if (found === null) {
    return `this is not GoPhish's JSON for ${KIND_WORDS[expected]}: it has none of its fields (${KIND_FIELDS[expected].join(', ')})`;
  }
  return `this is GoPhish's JSON for ${KIND_WORDS[found]}, not ${KIND_WORDS[expected]}: give it as "${found}"`;
}

/**
 * One GoPhish export of a kind, as a single object or an array: always an array of that kind,
 * or one issue naming what the file is instead.
 */
export function gophishFiles<T extends z.ZodType>(expected: GophishKind, schema: T) {
  return z.unknown().transform((value, ctx): z.output<T>[] => {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    if (items.length === 0) {
      ctx.addIssue({ code: 'custom', message: `the file holds an empty list, not ${KIND_WORDS[expected]}` });
      return z.NEVER;
    }
    const parsed: z.output<T>[] = [];
    for (const [index, item] of items.entries()) {
      const at = Array.isArray(value) ? `item ${index + 1}: ` : '';
      const found = gophishKindOf(item);
      const unnamed = found === null && !(typeof item === 'object' && item !== null && 'name' in item);
      if (found !== expected && (found !== null || unnamed)) {
        ctx.addIssue({ code: 'custom', message: at + wrongKindMessage(expected, found) });
        return z.NEVER;
      }
      const result = schema.safeParse(item);
      if (!result.success) {
        const name = typeof item === 'object' && item !== null && 'name' in item ? item.name : undefined;
        ctx.addIssue({ code: 'custom', message: at + gophishRefusal(name, result.error.issues[0]) });
        return z.NEVER;
      }
      parsed.push(result.data);
    }
    return parsed;
  });
}
