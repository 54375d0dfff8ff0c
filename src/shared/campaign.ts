/**
 * The campaign file format operators import, and the campaign data the recipient pages read.
 * One schema gives validation, the TypeScript types and the documented shape.
 */
import { z } from 'zod';
import { EVENT_TYPES, RECIPIENT_STATUSES } from './events';
import { LANGUAGE_CODES } from './languages';
import { PHISH_STEPS } from './routes';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * The landing page's largest HTML, in characters: pages cloned from real sites, their styles and
 * images inlined, are often a megabyte. The admin listener's body limits (campaign import and
 * edit, preview, the GoPhish import) leave room for it.
 */
export const PAGE_HTML_MAX = 2_000_000;

/** The variables a landing page may use, filled for the recipient when it is served. */
export const PAGE_VARIABLES = ['first_name', 'last_name', 'email', 'department', 'rid', 'link'] as const;
export type PageVariable = (typeof PAGE_VARIABLES)[number];

/**
 * The email's variables, written {{name}}. `qr_code` is the recipient's link as a QR code: an
 * inline image in the HTML part (its link ends in `&via=qr`, so a scan is told from a click),
 * the plain link in the text part. Being an image, it has no place in the From or the Subject.
 */
export const EMAIL_VARIABLES = ['first_name', 'last_name', 'email', 'department', 'link', 'qr_code'] as const;
export type EmailVariable = (typeof EMAIL_VARIABLES)[number];
const QR_CODE_VARIABLE = /\{\{\s*qr_code\s*\}\}/;
export const carriesQrCode = (text: string | undefined): boolean => QR_CODE_VARIABLE.test(text ?? '');
const QR_CODE_IN_HEADER = '{{qr_code}} is an image: put it in the message or its HTML version';
const imageInHeaders = (email: { from?: string; subject?: string } | undefined) =>
  (['from', 'subject'] as const).filter((field) => carriesQrCode(email?.[field]));

/**
 * Any `{{…}}` written in the e-mail, known or not (email-variables.ts fills the known ones and
 * imports this file, so the check keeps its own pattern): what is not a variable would reach a
 * recipient as written.
 */
const WRITTEN_VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const isEmailVariable = (name: string) => (EMAIL_VARIABLES as readonly string[]).includes(name);
/** The `{{name}}`s a text uses that are not EMAIL_VARIABLES, each once, in order. */
export const unknownEmailVariables = (text: string | undefined): string[] => [
  ...new Set(
    [...(text ?? '').matchAll(WRITTEN_VARIABLE)].map((m) => m[1]!).filter((n) => !isEmailVariable(n)),
  ),
];
/** The message of an unknown-variable issue; the console words it again from `params`. */
export const UNKNOWN_VARIABLE = 'unknown_variable';
const EMAIL_TEXT_FIELDS = ['from', 'subject', 'body', 'html'] as const;
type EmailTexts = Partial<Record<(typeof EMAIL_TEXT_FIELDS)[number], string>>;
const unknownVariableIssues = (email: EmailTexts | undefined, path: (string | number)[]) =>
  EMAIL_TEXT_FIELDS.flatMap((field) => {
    const names = unknownEmailVariables(email?.[field]);
    if (names.length === 0) return [];
    const written = names.map((n) => `{{${n}}}`).join(', ');
    const known = EMAIL_VARIABLES.map((n) => `{{${n}}}`).join(', ');
    return [
      {
        code: 'custom' as const,
        path: [...path, field],
        message: `${written}: not a variable. The variables are ${known}`,
        params: { kind: UNKNOWN_VARIABLE, names },
      },
    ];
  });

/** A validation issue of a campaign file, as the editor words it at its field. */
export type CampaignFileIssue = z.core.$ZodIssue;
export type CampaignFileCustomIssue = z.core.$ZodIssueCustom;

export const stepSchema = z.enum(PHISH_STEPS);

export const seiIndicatorSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/i),
  title: text(200),
  explanation: text(2000),
  /**
   * What it points at: the phishing page or the email. On the email, an element (the From or
   * Subject line, or the first occurrence of `match` in the body) is marked where it is, at any
   * width; otherwise a region in percent of the email's or page's box.
   */
  target: z.object({
    on: z.enum(['page', 'email']),
    label: text(200).optional(),
    element: z.enum(['from', 'subject', 'body']).optional(),
    /** With element "body": the text to mark (its first occurrence). */
    match: text(500).optional(),
    region: z
      .object({
        x: z.number().min(0).max(100),
        y: z.number().min(0).max(100),
        width: z.number().min(0).max(100),
        height: z.number().min(0).max(100),
      })
      .optional(),
  }),
});

export const questionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]{1,40}$/i),
    type: z.enum(['single', 'multiple']),
    text: text(1000),
    options: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9_-]{1,40}$/i), text: text(500) }))
      .min(2)
      .max(10),
    correct: z.array(z.string()).min(1),
    explanation: text(2000).optional(),
    /** The red flag (sei indicator id) this question is built from, if any. */
    sei_id: z.string().optional(),
  })
  .refine((q) => q.correct.every((id) => q.options.some((o) => o.id === id)), {
    message: 'correct must list option ids of this question',
    path: ['correct'],
  })
  .refine((q) => q.type === 'multiple' || q.correct.length === 1, {
    message: 'a single-choice question has exactly one correct option',
    path: ['correct'],
  });

const id = z.string().regex(/^[a-z0-9_-]{1,40}$/i);

/**
 * One language's version of the operator's texts, over the campaign's default language
 * (`language_code`). Every field is optional: a text left out is shown in the default language.
 * Red flags, questions, options and badges are keyed by their ids.
 */
export const contentTranslationSchema = z.strictObject({
  phishing: z.strictObject({ brand: text(100).optional() }).optional(),
  email: z
    .strictObject({
      from: text(200).optional(),
      subject: text(300).optional(),
      body: text(20_000).optional(),
      html: z.string().max(500_000).optional(),
    })
    .optional(),
  awareness: z
    .strictObject({ title: text(200).optional(), content: z.string().max(100_000).optional() })
    .optional(),
  pdf: z
    .strictObject({ url: z.string().min(1).max(2048).optional(), title: text(200).optional() })
    .optional(),
  sei: z
    .record(
      id,
      z.strictObject({
        title: text(200).optional(),
        explanation: text(2000).optional(),
        label: text(200).optional(),
        match: text(500).optional(),
      }),
    )
    .optional(),
  sei_general_info: z.string().max(20_000).optional(),
  entry_text: z.string().max(20_000).optional(),
  questions: z
    .record(
      id,
      z.strictObject({
        text: text(1000).optional(),
        explanation: text(2000).optional(),
        options: z.record(id, text(500)).optional(),
      }),
    )
    .optional(),
  badges: z.record(z.string().max(40), text(100)).optional(),
});
export type ContentTranslation = z.infer<typeof contentTranslationSchema>;

const campaignFileObject = z.object({
  name: text(200),
  language_code: z.enum(LANGUAGE_CODES).default('en'),
  redirect_url: httpUrl.optional(),
  starts_at: z.iso.datetime().optional(),
  ends_at: z.iso.datetime().optional(),
  cdn_endpoint: httpUrl.optional(),
  custom_logo: httpUrl.optional(),
  phishing: z.object({
    /** Operator HTML (a full document is fine). Without it the built-in sign-in page is shown. */
    template_html: z.string().max(PAGE_HTML_MAX).optional(),
    phishing_logo: httpUrl.optional(),
    brand: text(100).optional(),
  }),
  /**
   * The email itself, sent by Hookwise (docs/sending.md, "The email") and shown on the red-flags page: `body`
   * is its text part, `html` its HTML part (optional). Variables: EMAIL_VARIABLES above.
   */
  email: z
    .object({
      from: text(200),
      subject: text(300),
      body: text(20_000),
      html: z.string().max(500_000).optional(),
    })
    .optional(),
  awareness: z.object({
    title: text(200).optional(),
    typeHtml: z.boolean().default(false),
    content: z.string().max(100_000),
  }),
  pdf: z
    .object({
      url: z.string().min(1).max(2048),
      title: text(200).optional(),
      /** Shown on the phone card, where the document is not framed: how long it is, how big. */
      pages: z.number().int().min(1).max(10_000).optional(),
      size_bytes: z.number().int().min(1).max(1_000_000_000).optional(),
    })
    .optional(),
  sei: z.array(seiIndicatorSchema).max(30).default([]),
  sei_general_info: z.string().max(20_000).default(''),
  entry_text: z.string().max(20_000).default(''),
  questionnaire: z
    .object({
      required: z.boolean().default(true),
      /** A recipient below gamification.pass_mark may take the questionnaire again. */
      allow_retake: z.boolean().default(true),
      questions: z.array(questionSchema).max(50),
    })
    .default({ required: true, allow_retake: true, questions: [] }),
  gamification: z
    .object({
      points: z.record(z.string(), z.number().int().min(0).max(10_000)).default({}),
      pass_mark: z.number().min(0).max(100).default(70),
      badges: z
        .array(z.object({ id: z.string().max(40), name: text(100), min_score: z.number().min(0).max(100) }))
        .default([]),
    })
    .default({ points: {}, pass_mark: 70, badges: [] }),
  navigation: z
    .array(stepSchema)
    .max(PHISH_STEPS.length)
    .default([...PHISH_STEPS]),
  /** The operator's texts in further languages (see contentTranslationSchema). */
  translations: z.partialRecord(z.enum(LANGUAGE_CODES), contentTranslationSchema).default({}),
});

type Ctx = z.RefinementCtx;
type FileObject = z.infer<typeof campaignFileObject>;

/**
 * A translation may only name red flags, questions, options and badges the file has; the QR
 * code, an image, may not stand in a From or Subject line.
 */
function checkReferences(file: FileObject, ctx: Ctx) {
  for (const field of imageInHeaders(file.email))
    ctx.addIssue({ code: 'custom', path: ['email', field], message: QR_CODE_IN_HEADER });
  const sei = new Set(file.sei.map((s) => s.id));
  const badges = new Set(file.gamification.badges.map((b) => b.id));
  const questions = new Map(
    file.questionnaire.questions.map((q) => [q.id, new Set(q.options.map((o) => o.id))]),
  );
  for (const [language, t] of Object.entries(file.translations)) {
    const unknown = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path: ['translations', language, ...path], message });
    for (const field of imageInHeaders(t.email)) unknown(['email', field], QR_CODE_IN_HEADER);
    for (const key of Object.keys(t.sei ?? {}))
      if (!sei.has(key)) unknown(['sei', key], `no red flag with id "${key}"`);
    for (const key of Object.keys(t.badges ?? {}))
      if (!badges.has(key)) unknown(['badges', key], `no badge with id "${key}"`);
    for (const [key, question] of Object.entries(t.questions ?? {})) {
      const options = questions.get(key);
      if (!options) unknown(['questions', key], `no question with id "${key}"`);
      for (const option of Object.keys(question.options ?? {}))
        if (options && !options.has(option))
          unknown(['questions', key, 'options', option], `no option with id "${option}"`);
    }
  }
}

/** The e-mail, in every language, uses no `{{name}}` that is not a variable. */
function checkVariables(file: FileObject, ctx: Ctx) {
  for (const issue of unknownVariableIssues(file.email, ['email'])) ctx.addIssue(issue);
  for (const [language, t] of Object.entries(file.translations))
    for (const issue of unknownVariableIssues(t.email, ['translations', language, 'email']))
      ctx.addIssue(issue);
}

/**
 * A campaign file as it is written: imported (CLI, REST, GoPhish), saved from the editor, and
 * checked in the editor as the operator types.
 */
export const campaignFileSchema = campaignFileObject.superRefine((file, ctx) => {
  checkReferences(file, ctx);
  checkVariables(file, ctx);
});

/**
 * A campaign file as it was stored: without the unknown-variable rule, which came later, so a
 * campaign saved before it still loads (its unknown `{{…}}` show as written until it is edited).
 * For reading stored content only; every write goes through campaignFileSchema.
 */
export const storedCampaignFileSchema = campaignFileObject.superRefine(checkReferences);

export type CampaignFile = z.infer<typeof campaignFileSchema>;
export type CampaignFileInput = z.input<typeof campaignFileSchema>;
export type Question = z.infer<typeof questionSchema>;
export type SeiIndicator = z.infer<typeof seiIndicatorSchema>;

/** A question as the recipient sees it before answering: no correct answers, no explanation. */
export const publicQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(['single', 'multiple']),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  sei_id: z.string().optional(),
});

/** Where a recipient is: their status, the steps recorded so far (journey order), their score. */
export const progressSchema = z.object({
  status: z.enum(RECIPIENT_STATUSES),
  completed_steps: z.array(z.enum(EVENT_TYPES)),
  /** The questionnaire score once it has been completed, else null. */
  score: z.number().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/** GET /api/campaign/:rid — the seed's shared campaign data, with its field names and defaults. */
export const campaignDataSchema = z.object({
  rid: z.string(),
  campaign_id: z.string(),
  person_id: z.string(),
  tenantid: z.string(),
  language_code: z.enum(LANGUAGE_CODES),
  awareness: z.object({ title: z.string().optional(), content: z.string() }),
  typeHtml: z.boolean(),
  entry_text: z.string(),
  gamification: z.object({
    points: z.record(z.string(), z.number()),
    pass_mark: z.number(),
    badges: z.array(z.object({ id: z.string(), name: z.string(), min_score: z.number() })),
  }),
  navigation: z.array(stepSchema),
  questionnaires: z.object({
    required: z.boolean(),
    allow_retake: z.boolean(),
    questions: z.array(publicQuestionSchema),
  }),
  cdn_endpoint: z.string(),
  sei: z.array(seiIndicatorSchema),
  sei_general_info: z.string(),
  default_endpoint: z.string(),
  phishing_logo: z.string(),
  custom_logo: z.string(),
  default_url: z.string(),
  // Beyond the seed: what the pages need.
  first_name: z.string(),
  phishing: z.object({ has_template: z.boolean(), template_url: z.string(), brand: z.string() }),
  email: z.object({ from: z.string(), subject: z.string(), body: z.string() }).nullable(),
  pdf: z
    .object({
      url: z.string(),
      title: z.string(),
      pages: z.number().nullable(),
      size_bytes: z.number().nullable(),
    })
    .nullable(),
  progress: progressSchema,
});

export type CampaignData = z.infer<typeof campaignDataSchema>;

/** Where campaign-completed sends recipients when the campaign sets no redirect_url. */
export const DEFAULT_PUBLIC_SITE = 'https://www.wikipedia.org/';
