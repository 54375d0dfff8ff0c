/**
 * The scenario library Hookwise ships: listed and read by id.
 */
import type { Scenario } from '@shared/scenarios';
import { scenarioLibrary } from './scenario-library';

export function listScenarios(): readonly Scenario[] {
  return scenarioLibrary();
}

export function scenarioById(id: string): Scenario | undefined {
  return scenarioLibrary().find((s) => s.id === id);
}
