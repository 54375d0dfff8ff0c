/**
 * A tenant's report intake, set by an owner in the console, the API or the CLI: the IMAP mailbox
 * (its password sealed like SMTP passwords, write-only) and the addresses the SMTP intake takes
 * reports at, with the domains they may come from. An address belongs to one tenant only.
 */
import type { MailIntake, MailIntakeInput } from '@shared/mail-reports';
import type { Config } from '@server/config';
import type { Db } from '@server/db/schema';
import { conflict } from '@server/lib/errors';
import { nowIso } from '@server/lib/ids';
import { seal } from '@server/lib/secret-box';
import { audited } from '../audit/audited';
import { requireTenant } from '../tenants/tenants.service';
import { findMailIntake, listSmtpIntakes, upsertMailIntake } from './mail-intake.repository';
import { jsonList } from './stored-values';

export async function mailIntake(db: Db, config: Config, tenantId: string): Promise<MailIntake> {
  await requireTenant(db, tenantId);
  const row = await findMailIntake(db, tenantId);
  return {
    imap: {
      enabled: row?.imap_enabled === 1,
      host: row?.imap_host ?? null,
      port: row?.imap_port ?? null,
      tls: (row?.imap_tls ?? 1) === 1,
      user: row?.imap_user ?? null,
      password_set: Boolean(row?.imap_password_sealed),
      folder: row?.imap_folder ?? 'INBOX',
      processed_folder: row?.imap_processed_folder ?? 'Processed',
      last_poll_at: row?.last_poll_at ?? null,
      last_error: row?.last_error ?? null,
    },
    smtp: {
      addresses: jsonList(row?.smtp_addresses ?? '[]'),
      allowed_domains: jsonList(row?.smtp_allowed_domains ?? '[]'),
      listening: config.mailIntake.smtpPort !== undefined,
    },
  };
}

export async function setMailIntake(
  db: Db,
  config: Config,
  tenantId: string,
  input: MailIntakeInput,
): Promise<MailIntake> {
  await requireTenant(db, tenantId);
  const { imap, smtp } = input;
  if (imap.enabled && (!imap.host || !imap.port || !imap.user)) {
    throw conflict('To read a mailbox, give its host, port and user', 'intake_incomplete');
  }
  const taken = (await listSmtpIntakes(db)).filter((row) => row.tenant_id !== tenantId);
  const clash = smtp.addresses.find((address) =>
    taken.some((row) => jsonList(row.smtp_addresses).includes(address)),
  );
  if (clash) throw conflict(`${clash} already takes another organisation's reports`, 'intake_address_taken');
  const existing = await findMailIntake(db, tenantId);
  if (imap.enabled && imap.password === undefined && !existing?.imap_password_sealed) {
    throw conflict("To read a mailbox, give its user's password", 'intake_incomplete');
  }
  await audited(
    db,
    {
      tenantId,
      action: 'settings.mail_intake',
      details: {
        imap: imap.enabled ? `${imap.user}@${imap.host}:${imap.port}/${imap.folder}` : 'off',
        smtp_addresses: smtp.addresses,
        password_changed: imap.password !== undefined,
      },
    },
    (trx) =>
      upsertMailIntake(trx, {
        tenant_id: tenantId,
        imap_enabled: imap.enabled ? 1 : 0,
        imap_host: imap.host,
        imap_port: imap.port,
        imap_tls: imap.tls ? 1 : 0,
        imap_user: imap.user,
        imap_password_sealed:
          imap.password === undefined
            ? (existing?.imap_password_sealed ?? null)
            : seal(config.secretsKey, imap.password),
        imap_folder: imap.folder,
        imap_processed_folder: imap.processed_folder,
        smtp_addresses: JSON.stringify([...new Set(smtp.addresses)]),
        smtp_allowed_domains: JSON.stringify([...new Set(smtp.allowed_domains)]),
        // A new mailbox is read at once, and says nothing about the old one's errors.
        poll_lease_until: null,
        last_error: null,
        updated_at: nowIso(),
      }),
  );
  return mailIntake(db, config, tenantId);
}

export interface SmtpRoute {
  tenantId: string;
  allowedDomains: string[];
}

/** The tenant an SMTP intake address belongs to, with the domains its reports may come from. */
export async function smtpRoute(db: Db, address: string): Promise<SmtpRoute | undefined> {
  const wanted = address.toLowerCase();
  for (const row of await listSmtpIntakes(db)) {
    const addresses = jsonList(row.smtp_addresses);
    if (!addresses.includes(wanted)) continue;
    const declared = jsonList(row.smtp_allowed_domains);
    const allowedDomains = declared.length ? declared : addresses.map((a) => a.split('@')[1] ?? '');
    return { tenantId: row.tenant_id, allowedDomains };
  }
  return undefined;
}
