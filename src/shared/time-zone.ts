/** IANA time zones (e.g. Europe/Berlin), as the runtime's Intl knows them, here and in the browser. */
import { z } from 'zod';

/** Whether the runtime knows an IANA time zone by this name (e.g. Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let known: Map<string, string> | undefined;

/**
 * A known zone spelt as the zone list spells it (`europe/berlin` → `Europe/Berlin`); one the list
 * does not hold (an alias such as Asia/Kolkata, UTC) as given: never renamed to another alias.
 */
export function canonicalTimeZone(zone: string): string {
  known ??= new Map(Intl.supportedValuesOf('timeZone').map((name) => [name.toLowerCase(), name]));
  return known.get(zone.toLowerCase()) ?? zone;
}

/** A time zone in a request or file: a known IANA name, stored as the runtime spells it. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'an IANA time zone, e.g. Europe/Berlin')
  .transform(canonicalTimeZone)
  .describe('an IANA time zone, e.g. Europe/Berlin');
