/**
 * Training for those who need it (GET/PUT /api/admin/training/policy, GET/POST
 * /api/admin/training/assignments, `hookwise training policy|assign|list`): a tenant's policy,
 * the training assigned to people after a simulation, and where each assignment stands.
 */
import { z } from 'zod';

export const TRAINING_REASONS = ['clicked', 'submitted', 'manual'] as const;
export type TrainingReasonName = (typeof TRAINING_REASONS)[number];

/** assigned: invited (or about to be); reminded: sent the one reminder; completed: finished the training. */
export const TRAINING_STATUSES = ['assigned', 'reminded', 'completed'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

export const DEFAULT_REMINDER_DAYS = 7;

/** What the policy is: each automatic action on or off, and the reminder's delay. */
export const trainingPolicyInputSchema = z.strictObject({
  /** Assign training to a person whose click the clicks module judged a person's (never a scanner's). */
  on_click: z.boolean(),
  /** Assign training to a person who submitted the phishing page's form. */
  on_submit: z.boolean(),
  /** Days after the invitation before the one reminder, if the training is not finished. */
  reminder_days: z.number().int().min(1).max(90).default(DEFAULT_REMINDER_DAYS),
  /** A short note of thanks to people who reported a simulation. */
  praise_reporters: z.boolean(),
});
export type TrainingPolicyInput = z.infer<typeof trainingPolicyInputSchema>;

export const trainingPolicySchema = trainingPolicyInputSchema.extend({
  /** When automatic training was last turned on: clicks and reports before it are left alone. */
  active_since: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TrainingPolicy = z.infer<typeof trainingPolicySchema>;

export const trainingAssignmentSchema = z.object({
  id: z.string(),
  person: z.object({
    id: z.string(),
    email: z.string().nullable(),
    display_name: z.string().nullable(),
    department: z.string().nullable(),
  }),
  /** The simulation the training follows (its awareness text, red flags and questionnaire). */
  campaign_id: z.string(),
  campaign_name: z.string(),
  reason: z.enum(TRAINING_REASONS),
  status: z.enum(TRAINING_STATUSES),
  assigned_at: z.string(),
  /** When the invitation was sent; null while it waits for its turn (or could not be sent). */
  invited_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  /** When the questionnaire (or the whole journey) was finished. */
  completed_at: z.string().nullable(),
  /** The questionnaire's score, in percent, once taken. */
  score: z.number().nullable(),
});
export type TrainingAssignment = z.infer<typeof trainingAssignmentSchema>;

/** GET /api/admin/training/assignments?status=&person=&offset=&limit= */
export const trainingListQuerySchema = z.object({
  status: z.enum(TRAINING_STATUSES).optional(),
  person: z.string().trim().min(1).max(320).optional().describe("a person's id or e-mail address"),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type TrainingListQuery = z.infer<typeof trainingListQuerySchema>;

export const trainingListSchema = z.object({
  total: z.number().int(),
  items: z.array(trainingAssignmentSchema),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type TrainingList = z.infer<typeof trainingListSchema>;

/** POST /api/admin/training/assignments: a person (id or e-mail) and the simulation whose training they get. */
export const trainingAssignInputSchema = z.strictObject({
  person: z.string().trim().min(1).max(320),
  campaign_id: z.string().trim().min(1).max(100),
});
export type TrainingAssignInput = z.infer<typeof trainingAssignInputSchema>;

export const trainingAssignAnswerSchema = z.object({
  assignment: trainingAssignmentSchema,
  /** False when the person already had this simulation's training (nothing new was sent). */
  created: z.boolean(),
});
export type TrainingAssignAnswer = z.infer<typeof trainingAssignAnswerSchema>;
