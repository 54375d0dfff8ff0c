/**
 * Campaign files as the recipient pages use them: parsed and validated once per stored text, and
 * localised (plus awareness HTML cleaned) once per content language. Every recipient request
 * needs its campaign's content; parsing it each time was most of the hot path, and localising
 * and cleaning it each time would be the next largest cost.
 */
import { LRUCache } from 'lru-cache';
import { storedCampaignFileSchema, type CampaignFile } from '@shared/campaign';
import { contentLanguage, localiseCampaign } from '@shared/campaign-content';
import type { LanguageCode } from '@shared/languages';
import { cleanOperatorHtml } from '@server/lib/operator-html';

interface Entry {
  /** What the file was cached for: its stored text (compared), or its campaign's content version. */
  stamp: string | number;
  /** The stored text's length, for the cache's bound. */
  length: number;
  file: CampaignFile | null;
  /** The file in each content language asked for so far, localised and cleaned. */
  languages: Map<LanguageCode, CampaignFile>;
}

/**
 * By key (a campaign id, a preview id). A campaign's content version, or else the raw text, is
 * kept and compared, so an operator's change to a campaign is seen at once. Bounded by bytes (a campaign file can be large), least
 * recently used out first.
 */
const entries = new LRUCache<string, Entry>({
  maxSize: 64 * 1024 * 1024,
  // UTF-16 in memory and the parsed copy about as large again (4 bytes a character), plus up to
  // one localised copy per language the file has (they share the untranslated parts).
  sizeCalculation: (entry) =>
    Math.max(1, entry.length * (4 + 2 * (1 + Object.keys(entry.file?.translations ?? {}).length))),
});

export interface LocalisedContent {
  /** The campaign in `language`, its awareness HTML cleaned. */
  content: CampaignFile;
  language: LanguageCode;
}

/**
 * The campaign stored as `raw` under `key`, in the content language for a reader of `language`
 * (see contentLanguage); null when the stored text is no valid campaign file.
 */
export function localisedContent(key: string, raw: string, language: LanguageCode): LocalisedContent | null {
  return localised(
    entryFor(key, raw, () => raw),
    language,
  );
}

/**
 * A campaign's content at `version`, in the content language for a reader of `language`:
 * `load` (the stored text and its version) runs only when this version is not cached yet, so a
 * request reads a number rather than the whole file. Null when the file is no valid campaign file.
 */
export async function localisedCampaign(
  campaignId: string,
  version: number,
  language: LanguageCode,
  load: () => Promise<{ content: string; version: number } | undefined>,
): Promise<LocalisedContent | null> {
  const cached = entries.get(campaignId);
  if (cached?.stamp === version) return localised(cached, language);
  const stored = await load();
  if (!stored) return null;
  return localised(
    entryFor(campaignId, stored.version, () => stored.content),
    language,
  );
}

function localised(entry: Entry, language: LanguageCode): LocalisedContent | null {
  if (!entry.file) return null;
  const chosen = contentLanguage(entry.file, language);
  let content = entry.languages.get(chosen);
  if (!content) {
    content = withCleanHtml(localiseCampaign(entry.file, chosen));
    entry.languages.set(chosen, content);
  }
  return { content, language: chosen };
}

function entryFor(key: string, stamp: string | number, text: () => string): Entry {
  const cached = entries.get(key);
  if (cached?.stamp === stamp) return cached;
  const raw = text();
  const entry: Entry = { stamp, length: raw.length, file: parse(raw), languages: new Map() };
  entries.set(key, entry);
  return entry;
}

function parse(raw: string): CampaignFile | null {
  try {
    // Stored content: read as it was written, also before unknown variables were refused.
    const parsed = storedCampaignFileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Awareness HTML leaves the server already cleaned (see lib/operator-html.ts for why). */
function withCleanHtml(content: CampaignFile): CampaignFile {
  if (!content.awareness.typeHtml) return content;
  return {
    ...content,
    awareness: { ...content.awareness, content: cleanOperatorHtml(content.awareness.content) },
  };
}
