/** The risk formula on hand-computed cases (docs/people-risk.md's worked example among them). */
import { describe, expect, it } from 'vitest';
import { riskBand, riskOf, type RiskSimulation } from './people-risk';

const NOW = new Date('2026-06-30T00:00:00.000Z');
const sim = (sent_at: string, outcome: Partial<Omit<RiskSimulation, 'sent_at'>> = {}): RiskSimulation => ({
  sent_at,
  clicked: false,
  submitted: false,
  reported: false,
  training_completed: false,
  ...outcome,
});

describe('risk score', () => {
  it('starts everyone at the baseline of 20, low', () => {
    expect(riskOf([], NOW)).toEqual({ score: 20, band: 'low', baseline: 20, counted: 0, factors: [] });
  });

  it('adds decayed weights: the worked example of docs/people-risk.md', () => {
    const risk = riskOf(
      [
        // Today: 30 + 20 = 50.
        sim('2026-06-30T00:00:00.000Z', { clicked: true, submitted: true }),
        // 90 days ago, one half-life: -25 × 0.5 = -12.5.
        sim('2026-04-01T00:00:00.000Z', { reported: true }),
        // 180 days ago, two half-lives: (30 - 10) × 0.25 = 5.
        sim('2026-01-01T00:00:00.000Z', { clicked: true, training_completed: true }),
        // 400 days ago: past the 365-day horizon, left out.
        sim('2025-05-26T00:00:00.000Z', { clicked: true, submitted: true }),
      ],
      NOW,
    );
    // 20 + 50 - 12.5 + 5 = 62.5, rounded to 63: high (60 and above).
    expect(risk).toEqual({
      score: 63,
      band: 'high',
      baseline: 20,
      counted: 3,
      factors: [
        { factor: 'clicked', count: 2, points: 37.5 },
        { factor: 'submitted', count: 1, points: 20 },
        { factor: 'reported', count: 1, points: -12.5 },
        { factor: 'training_completed', count: 1, points: -2.5 },
      ],
    });
  });

  it('counts a simulation sent 365 days ago, faintly, and none sent 366 days ago', () => {
    // 30 × 0.5^(365/90) = 30 × 0.0601 = 1.8: 21.8 rounds to 22.
    expect(riskOf([sim('2025-06-30T00:00:00.000Z', { clicked: true })], NOW).score).toBe(22);
    expect(riskOf([sim('2025-06-29T00:00:00.000Z', { clicked: true })], NOW)).toMatchObject({
      score: 20,
      counted: 0,
    });
  });

  it('keeps the score between 0 and 100', () => {
    const reports = Array.from({ length: 4 }, () => sim('2026-06-29T00:00:00.000Z', { reported: true }));
    expect(riskOf(reports, NOW)).toMatchObject({ score: 0, band: 'low' });
    const falls = Array.from({ length: 4 }, () =>
      sim('2026-06-29T00:00:00.000Z', { clicked: true, submitted: true }),
    );
    expect(riskOf(falls, NOW)).toMatchObject({ score: 100, band: 'high' });
  });

  it('bands: low below 30, medium from 30 to 59, high from 60', () => {
    expect([0, 29, 30, 59, 60, 100].map(riskBand)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });
});
