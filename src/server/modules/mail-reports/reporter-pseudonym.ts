/**
 * Where a tenant keeps reporters pseudonymous, a report names its reporter by a pseudonym: the
 * same person always gets the same one in that tenant (so a cluster still counts people and an
 * analyst can see someone reported twice), another tenant gets another, and nobody can go back
 * from it to the address without SECRETS_KEY. The address itself is kept only sealed, for the
 * answers to the reporter.
 */
import { createHmac } from 'node:crypto';
import { open, seal } from '@server/lib/secret-box';

export function reporterPseudonym(secretsKey: string, tenantId: string, address: string): string {
  const mac = createHmac('sha256', secretsKey)
    .update(`reporter-pseudonym\0${tenantId}\0${address.trim().toLowerCase()}`)
    .digest('hex')
    .toUpperCase();
  return `Reporter ${mac.slice(0, 4)}-${mac.slice(4, 8)}`;
}

export interface StoredReporter {
  reporter: string | null;
  reporter_sealed: string | null;
}

/** The reporter as a report keeps it: the address, or a pseudonym and the sealed address. */
export function storedReporter(
  address: string | null,
  pseudonymous: { secretsKey: string; tenantId: string } | undefined,
): StoredReporter {
  if (address === null || !pseudonymous) return { reporter: address, reporter_sealed: null };
  return {
    reporter: reporterPseudonym(pseudonymous.secretsKey, pseudonymous.tenantId, address),
    reporter_sealed: seal(pseudonymous.secretsKey, address),
  };
}

/** Where to answer a report: its sealed address, else the address it kept. */
export function answerAddress(secretsKey: string, stored: StoredReporter): string | null {
  return stored.reporter_sealed === null ? stored.reporter : open(secretsKey, stored.reporter_sealed);
}
