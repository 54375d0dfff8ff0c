/**
 * What a mail admin enters so the gateway delivers the simulation and leaves its links alone,
 * for one sending profile: Microsoft Defender's advanced delivery policy (phishing simulation)
 * and Google Workspace's Gmail settings. Hookwise knows the domains and its own public address;
 * the relay's outbound addresses it cannot know, so they are given (or asked for).
 * Setting names and documentation as the vendors publish them (checked 2026-12).
 */
import type { Allowlist, AllowlistField } from '@shared/sending';
import type { SendingProfileRow } from '@server/db/schema';
import { badRequest } from '@server/lib/errors';
import { isCidr, parseAddress } from '@server/lib/network-list';
import { domainOf } from './sending-profiles.service';

type Field = Allowlist['vendors'][number]['fields'][number];

export const MICROSOFT_DOCS =
  'https://learn.microsoft.com/defender-office-365/advanced-delivery-policy-configure';
export const GOOGLE_DOCS = {
  allowlist: 'https://support.google.com/a/answer/60751',
  spam: 'https://support.google.com/a/answer/2368132',
  protection: 'https://support.google.com/a/answer/9157861',
} as const;

/** Why each value list matters, in a sentence (the CLI prints it; the console has its own words). */
export const WHY: Record<AllowlistField, string> = {
  microsoft_domains:
    'The envelope sender (MAIL FROM) domain, or the DKIM domain: a message must match one domain and one sending IP.',
  microsoft_sending_ips:
    "Your relay's outbound IPv4 addresses (at most 10): the address that connects to Microsoft.",
  microsoft_simulation_urls:
    'Safe Links then neither blocks nor detonates the links where they appear outside the message (Teams, documents).',
  google_email_allowlist: "Your relay's outbound addresses: Gmail does not mark messages from them as spam.",
  google_approved_senders:
    'Gmail matches the From header (not the envelope): add the From domain of every campaign sent through this profile.',
};

/** The relay's outbound addresses as given: addresses or CIDR ranges, separated by commas or spaces. */
export function parseSendingIps(text: string | undefined): string[] {
  const entries = [
    ...new Set(
      (text ?? '')
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  const bad = entries.filter((e) => !(e.includes('/') ? isCidr(e) : parseAddress(e)));
  if (bad.length > 0) {
    throw badRequest(`Not an address or range: ${bad.slice(0, 3).join(', ')} (write e.g. 203.0.113.25)`);
  }
  if (entries.length > 50) throw badRequest('At most 50 addresses');
  return entries;
}

const isIpv4 = (entry: string) => parseAddress(entry.split('/')[0] ?? '')?.kind() === 'ipv4';

/** The public listener's address as a URL pattern that covers every link: host/path/*. */
export function simulationUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/*`;
}

function field(
  name: AllowlistField,
  setting: string,
  values: string[],
  docs: string,
  extra: Partial<Field> = {},
): Field {
  return {
    field: name,
    setting,
    values,
    needs_sending_ips: false,
    left_out: [],
    limit: null,
    docs,
    ...extra,
  };
}

export function allowlistValues(profile: SendingProfileRow, publicUrl: string, ips: string[]): Allowlist {
  const envelope = domainOf(profile.envelope_from).toLowerCase();
  const from = profile.header_from ? domainOf(profile.header_from).toLowerCase() : envelope;
  const domains = [...new Set([envelope, from])];
  const needsIps = ips.length === 0;
  return {
    profile: { id: profile.id, name: profile.name, relay: `${profile.host}:${profile.port}` },
    sending_ips: ips,
    vendors: [
      {
        vendor: 'microsoft',
        product: 'Microsoft Defender for Office 365 (Exchange Online Protection)',
        where:
          'Microsoft Defender portal > Email & collaboration > Policies & rules > Threat policies > Advanced delivery > Phishing simulation',
        portal: 'https://security.microsoft.com/advanceddelivery',
        docs: MICROSOFT_DOCS,
        fields: [
          field('microsoft_domains', 'Domain', domains, MICROSOFT_DOCS, { limit: 50 }),
          field('microsoft_sending_ips', 'Sending IP', ips.filter(isIpv4), MICROSOFT_DOCS, {
            needs_sending_ips: needsIps,
            left_out: ips.filter((ip) => !isIpv4(ip)),
            limit: 10,
          }),
          field(
            'microsoft_simulation_urls',
            'Simulation URLs to allow',
            [simulationUrl(publicUrl)],
            MICROSOFT_DOCS,
            {
              limit: 30,
            },
          ),
        ],
      },
      {
        vendor: 'google',
        product: 'Google Workspace (Gmail)',
        where: 'Google Admin console > Apps > Google Workspace > Gmail > Spam, Phishing and Malware',
        portal: 'https://admin.google.com',
        docs: GOOGLE_DOCS.protection,
        fields: [
          field('google_email_allowlist', 'Email allowlist', ips, GOOGLE_DOCS.allowlist, {
            needs_sending_ips: needsIps,
          }),
          field(
            'google_approved_senders',
            'Spam > Bypass spam filters for messages received from addresses or domains within these approved senders lists',
            [from],
            GOOGLE_DOCS.spam,
          ),
        ],
      },
    ],
  };
}
