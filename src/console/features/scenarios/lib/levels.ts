/** The difficulty levels and lures as the console words them (keys of the scenarios namespace). */
import { DIFFICULTY_LEVELS, SCENARIO_LURES, type ScenarioLure } from '@shared/scenarios';

export type Level = (typeof DIFFICULTY_LEVELS)[number];

/** Each level's name, in order from 1 to 5 (`level.name.<name>`). */
export const LEVEL_NAMES = ['obvious', 'clear', 'quiet', 'subtle', 'hard'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export const levelOf = (value: number): Level | undefined => DIFFICULTY_LEVELS.find((l) => l === value);

export const levelName = (level: Level): LevelName => LEVEL_NAMES[level - 1]!;

export const isLure = (value: string): value is ScenarioLure =>
  (SCENARIO_LURES as readonly string[]).includes(value);
