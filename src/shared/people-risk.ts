/**
 * A person's risk score (docs/people-risk.md): the one place it is computed, for the person page,
 * the lists, `hookwise people risky` and saved filters by band. Every simulation the person got
 * in the last 12 months adds its factors' weights, each halved for every 90 days since it was
 * sent: a recent click or submission raises the score, a report or finished training lowers it.
 */
import { z } from 'zod';

export const RISK_BANDS = ['low', 'medium', 'high'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

export const RISK_FACTORS = ['clicked', 'submitted', 'reported', 'training_completed'] as const;
export type RiskFactorName = (typeof RISK_FACTORS)[number];

/** The formula's numbers, stated once (docs/people-risk.md repeats them with a worked example). */
export const RISK_MODEL = {
  /** Where everyone starts: nothing known is not the same as safe. */
  baseline: 20,
  /** Points a simulation's outcome adds when it happened today. */
  weights: { clicked: 30, submitted: 20, reported: -25, training_completed: -10 },
  /** A simulation's points halve every this many days after it was sent. */
  halfLifeDays: 90,
  /** Simulations sent longer ago than this are left out. */
  horizonDays: 365,
  /** The least score of each band above low. */
  cutoffs: { medium: 30, high: 60 },
} as const satisfies {
  weights: Record<RiskFactorName, number>;
  baseline: number;
  halfLifeDays: number;
  horizonDays: number;
  cutoffs: Record<Exclude<RiskBand, 'low'>, number>;
};

/** What one simulation the person received counts for. */
export interface RiskSimulation {
  /** When it was sent (ISO 8601). */
  sent_at: string;
  /** A click the clicks module judged a person's. */
  clicked: boolean;
  /** The phishing page's form was submitted after such a click. */
  submitted: boolean;
  reported: boolean;
  training_completed: boolean;
}

export const riskFactorSchema = z.object({
  factor: z.enum(RISK_FACTORS),
  /** How many of the counted simulations had it. */
  count: z.number().int(),
  /** What it adds to the score after decay (negative lowers it), to one decimal. */
  points: z.number(),
});
export type RiskFactor = z.infer<typeof riskFactorSchema>;

export const riskSchema = z.object({
  score: z.number().int().min(0).max(100),
  band: z.enum(RISK_BANDS),
  baseline: z.number(),
  /** Simulations inside the 12 months counted. */
  counted: z.number().int(),
  /** Each factor present, largest effect first. */
  factors: z.array(riskFactorSchema),
});
export type Risk = z.infer<typeof riskSchema>;

const DAY_MS = 86_400_000;

export function riskBand(score: number): RiskBand {
  if (score >= RISK_MODEL.cutoffs.high) return 'high';
  if (score >= RISK_MODEL.cutoffs.medium) return 'medium';
  return 'low';
}

/** The decay of a simulation sent `ageDays` ago; 0 past the horizon. A future send counts as today. */
export function riskDecay(ageDays: number): number {
  const age = Math.max(0, ageDays);
  if (age > RISK_MODEL.horizonDays) return 0;
  return 0.5 ** (age / RISK_MODEL.halfLifeDays);
}

/**
 * score = clamp(round(baseline + Σ over simulations Σ over its factors weight × 0.5^(age / 90)), 0, 100),
 * age in days from its send to `now`, simulations older than 365 days left out.
 */
export function riskOf(simulations: readonly RiskSimulation[], now: Date): Risk {
  const totals = new Map<RiskFactorName, { count: number; points: number }>();
  let counted = 0;
  let sum: number = RISK_MODEL.baseline;
  for (const simulation of simulations) {
    const decay = riskDecay((now.getTime() - Date.parse(simulation.sent_at)) / DAY_MS);
    if (decay === 0) continue;
    counted += 1;
    for (const factor of RISK_FACTORS) {
      if (!simulation[factor]) continue;
      const points = RISK_MODEL.weights[factor] * decay;
      const total = totals.get(factor) ?? { count: 0, points: 0 };
      totals.set(factor, { count: total.count + 1, points: total.points + points });
      sum += points;
    }
  }
  const score = Math.min(100, Math.max(0, Math.round(sum)));
  const factors = [...totals.entries()]
    // Halves round away from zero, so a factor and its opposite show the same size.
    .map(([factor, t]) => ({
      factor,
      count: t.count,
      points: (Math.sign(t.points) * Math.round(Math.abs(t.points) * 10)) / 10,
    }))
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return { score, band: riskBand(score), baseline: RISK_MODEL.baseline, counted, factors };
}
