/**
 * Reads the scenario library from library/<id>/: scenario.json (English) and one <language>.json
 * per other language, assembled into one campaign file with its translations and validated as
 * every campaign file is. Read once per process: the files ship with Hookwise.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@shared/languages';
import {
  scenarioSchema,
  scenarioSourceSchema,
  scenarioTranslationSchema,
  type Scenario,
  type ScenarioTranslation,
} from '@shared/scenarios';

/**
 * Beside this file when run from the sources; the built server (dist/server/main.js) reads the
 * same folder in the sources it was built from.
 */
export const LIBRARY_ROOT = existsSync(path.join(import.meta.dirname, 'library'))
  ? path.join(import.meta.dirname, 'library')
  : path.resolve(import.meta.dirname, '../../src/server/modules/scenarios/library');

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** One scenario folder as a validated scenario; throws naming the file that is wrong. */
export function readScenario(folder: string): Scenario {
  const where = (file: string) => path.relative(path.dirname(folder), path.join(folder, file));
  const source = scenarioSourceSchema.parse(readJson(path.join(folder, 'scenario.json')), {
    reportInput: false,
  });
  const translations: Record<string, ScenarioTranslation> = {};
  for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    const file = `${language}.json`;
    let raw: unknown;
    try {
      raw = readJson(path.join(folder, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new Error(`${where(file)}: ${(error as Error).message}`);
    }
    const parsed = scenarioTranslationSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`${where(file)}: ${parsed.error.message}`);
    translations[language] = parsed.data;
  }
  const scenario = scenarioSchema.safeParse({
    ...source,
    texts: {
      en: source.texts,
      ...Object.fromEntries(Object.entries(translations).map(([l, t]) => [l, t.texts])),
    },
    campaign: {
      ...source.campaign,
      language_code: 'en',
      translations: Object.fromEntries(Object.entries(translations).map(([l, t]) => [l, t.campaign])),
    },
  });
  if (!scenario.success) throw new Error(`${where('scenario.json')}: ${scenario.error.message}`);
  return scenario.data;
}

const libraries = new Map<string, readonly Scenario[]>();

/**
 * Every scenario of the library, by difficulty then id. `root` is the shipped library unless a
 * test (or SCENARIO_LIBRARY_ROOT) names another folder; a folder that is not there holds none.
 */
export function scenarioLibrary(root: string = LIBRARY_ROOT): readonly Scenario[] {
  let library = libraries.get(root);
  if (library) return library;
  library = existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => readScenario(path.join(root, entry.name)))
        .sort((a, b) => a.difficulty - b.difficulty || a.id.localeCompare(b.id))
    : [];
  libraries.set(root, library);
  return library;
}
