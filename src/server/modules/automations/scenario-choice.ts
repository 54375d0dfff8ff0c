/**
 * Which scenario a person gets: one at their level they never received (the nearest level when
 * none is left there; the easier one of two as near), in their language where one has it, and
 * among those the one their department has least this month, then the month overall, so that
 * colleagues do not all get the same message.
 */
export interface ScenarioOption {
  id: string;
  difficulty: number;
  languages: readonly string[];
}

export interface ChoiceContext {
  level: number;
  /** Scenarios the person received or has planned already. */
  received: ReadonlySet<string>;
  language: string;
  /** How many of the person's department got each scenario this month. */
  department: ReadonlyMap<string, number>;
  /** How many people got each scenario this month. */
  month: ReadonlyMap<string, number>;
  random: () => number;
}

export function chooseScenario(options: readonly ScenarioOption[], c: ChoiceContext): ScenarioOption | null {
  const left = options.filter((o) => !c.received.has(o.id));
  if (left.length === 0) return null;
  const distance = (o: ScenarioOption) =>
    Math.abs(o.difficulty - c.level) * 2 + (o.difficulty > c.level ? 1 : 0);
  const nearest = Math.min(...left.map(distance));
  let pool = left.filter((o) => distance(o) === nearest);
  const spoken = pool.filter((o) => o.languages.includes(c.language));
  if (spoken.length > 0) pool = spoken;
  const fewest = (counts: ReadonlyMap<string, number>) => {
    const least = Math.min(...pool.map((o) => counts.get(o.id) ?? 0));
    pool = pool.filter((o) => (counts.get(o.id) ?? 0) === least);
  };
  fewest(c.department);
  fewest(c.month);
  return pool[Math.floor(c.random() * pool.length)] ?? null;
}
