/**
 * The scanner catalogue: networks (CIDR) and user-agent fragments of mail-security gateways,
 * link-preview services and automation tools. The built-in file sits beside this module; an
 * operator adds their own through SCANNER_CATALOGUE_FILE (same format, read by config.ts).
 * Agent patterns are case-insensitive substrings, not regular expressions: a catalogue file
 * cannot make matching slow.
 */
import { z } from 'zod';
import { isCidr, NetworkList } from './network-list';
import builtIn from './scanner-catalogue.json';

const cidr = z.string().refine(isCidr, 'must be a CIDR range such as 40.92.0.0/15');

export const catalogueEntrySchema = z.strictObject({
  name: z.string().min(1).max(100),
  kind: z.enum(['mail-security', 'link-preview', 'automation']),
  /** Where the ranges or agents come from, so an analyst can check them. */
  source: z.string().min(1).max(500),
  certainty: z.enum(['certain', 'probable']),
  networks: z.array(cidr).default([]),
  agents: z.array(z.string().min(3).max(100)).default([]),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const catalogueFileSchema = z.strictObject({ entries: z.array(catalogueEntrySchema) });

export const BUILT_IN_CATALOGUE: readonly CatalogueEntry[] = catalogueFileSchema.parse(builtIn).entries;

export interface CatalogueMatch {
  by: 'network' | 'agent';
  name: string;
  certainty: CatalogueEntry['certainty'];
}

export class ScannerCatalogue {
  private readonly networks: NetworkList<CatalogueEntry>;
  private readonly agents: { entry: CatalogueEntry; pattern: string }[];

  constructor(entries: readonly CatalogueEntry[]) {
    this.networks = new NetworkList(
      entries.flatMap((entry) => entry.networks.map((n) => [n, entry] as const)),
    );
    this.agents = entries.flatMap((entry) => entry.agents.map((a) => ({ entry, pattern: a.toLowerCase() })));
  }

  /** The first entry the address (full, before truncation) or the user agent matches. */
  match(address: string | undefined, userAgent: string | null): CatalogueMatch | null {
    const entry = this.networks.match(address);
    if (entry) return { by: 'network', name: entry.name, certainty: entry.certainty };
    const agent = userAgent?.toLowerCase();
    if (agent) {
      for (const { entry, pattern } of this.agents) {
        if (agent.includes(pattern)) return { by: 'agent', name: entry.name, certainty: entry.certainty };
      }
    }
    return null;
  }
}
