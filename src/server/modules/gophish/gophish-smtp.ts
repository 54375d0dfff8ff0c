/**
 * GoPhish's sending profile ("SMTP") as a Hookwise sending profile: `host:port` split, TLS as
 * GoPhish used it (implicit on 465, else STARTTLS), username, From and custom headers. The
 * password in GoPhish's export is never taken: the operator enters it in Hookwise.
 */
import type { GophishSmtp } from '@shared/gophish';
import type { GophishImportReport } from '@shared/gophish-import';
import { addressOf, isMailAddress } from '@shared/recipients-csv';
import { sendingProfileInputSchema, type SendingProfileInput } from '@shared/sending';
import { at, note, notice } from './gophish-report';

/** A refused setting, said in words (the profile's schema names fields as the API does). */
const SETTING_WORDS: Record<string, string> = {
  name: 'name',
  host: 'host',
  port: 'port',
  username: 'username',
  envelope_from: 'envelope sender',
  header_from: 'From',
  headers: 'custom headers',
};

const headerSchema = sendingProfileInputSchema.shape.headers;

/** `host`, `host:port`, `[v6]:port` as GoPhish writes them; GoPhish's default port is 25. */
function hostAndPort(value: string): { host: string; port: number } | null {
  const match = /^\s*(\[[^\]]+\]|[^:\s]+)(?::(\d{1,5}))?\s*$/.exec(value);
  if (!match) return null;
  const port = match[2] === undefined ? 25 : Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

export function sendingProfileOf(smtp: GophishSmtp, report: GophishImportReport): SendingProfileInput | null {
  const where = at('smtp', smtp.name);
  const relay = hostAndPort(smtp.host);
  const envelopeFrom = addressOf(smtp.from_address);
  if (!relay || !isMailAddress(envelopeFrom)) {
    if (relay) {
      const said = `${where.text}: its From "${smtp.from_address}" has no address: not imported`;
      note(report, 'attention', 'smtp_from_invalid', where, said, { from: smtp.from_address });
    } else {
      const said = `${where.text}: its host "${smtp.host}" is not host:port: not imported`;
      note(report, 'attention', 'smtp_host_invalid', where, said, { host: smtp.host });
    }
    return null;
  }
  const tls = relay.port === 465 ? 'implicit' : 'starttls';
  const headers: Record<string, string> = {};
  let headersLeftOut = false;
  for (const { key, value } of smtp.headers ?? []) {
    if (headerSchema.safeParse({ [key]: value }).success) headers[key] = value;
    else headersLeftOut = true;
  }
  const headerFrom = smtp.from_address.trim();
  const parsed = sendingProfileInputSchema.safeParse({
    name: smtp.name.trim().slice(0, 200) || 'GoPhish sending profile',
    host: relay.host,
    port: relay.port,
    tls,
    username: smtp.username.trim() || null,
    envelope_from: envelopeFrom,
    header_from: headerFrom !== envelopeFrom ? headerFrom.slice(0, 300) : null,
    headers,
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    const said = `${where.text}: its ${SETTING_WORDS[field] ?? 'settings'} cannot be used in Hookwise: not imported`;
    note(report, 'attention', 'smtp_invalid', where, said, { field });
    return null;
  }
  // Reported only for a profile that is made: a refused one has its own entry above.
  const { host, port } = relay;
  const said = `${where.text}: ${host} port ${port}, TLS ${tls}, username and From`;
  note(report, 'mapped', 'smtp_mapped', where, said, { host, port, tls });
  const names = Object.keys(headers).join(', ');
  if (names) {
    note(report, 'mapped', 'smtp_headers_mapped', where, `${where.text}: headers ${names}`, {
      headers: names,
    });
  }
  if (headersLeftOut) notice(report, 'smtp_headers', smtp.name);
  notice(report, 'smtp_password', smtp.name);
  if (smtp.ignore_cert_errors) notice(report, 'ignore_cert_errors', smtp.name);
  return parsed.data;
}
