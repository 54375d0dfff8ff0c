/**
 * GoPhish's groups as recipients: their targets (JSON), or a group CSV read by the recipients'
 * own CSV reader, so GoPhish's header rules and addresses hold in both. Position is kept as the
 * recipient's department.
 */
import type { GophishGroup } from '@shared/gophish';
import type { GophishImportReport } from '@shared/gophish-import';
import { mailAddressSchema } from '@shared/recipients-csv';
import { readCsv, type RecipientInput } from '../recipients/recipients-csv';
import { at, note } from './gophish-report';

/** A GoPhish group CSV (First Name, Last Name, Email, Position), as GoPhish's own import reads it. */
export function gophishGroupFromCsv(text: string, name = 'GoPhish group'): GophishGroup {
  return {
    name,
    targets: readCsv(text).map(({ record }) => ({
      email: record.email ?? '',
      first_name: record.first_name ?? '',
      last_name: record.last_name ?? '',
      position: record.position ?? record.department ?? '',
    })),
  };
}

export function recipientsOf(groups: GophishGroup[], report: GophishImportReport): RecipientInput[] {
  const recipients: RecipientInput[] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    const before = recipients.length;
    const where = at('group', group.name);
    group.targets.forEach((target, i) => {
      const parsed = mailAddressSchema.safeParse(target.email);
      const email = parsed.success ? parsed.data : null;
      if (!email) {
        const said = `group "${group.name}" target ${i + 1}: "${target.email}" is not an email address: skipped`;
        note(report, 'attention', 'target_invalid', where, said, { number: i + 1, email: target.email });
        return;
      }
      if (seen.has(email)) {
        note(report, 'dropped', 'target_twice', where, `${where.text}: ${email} twice: imported once`, {
          email,
        });
        return;
      }
      seen.add(email);
      recipients.push({
        email,
        person_id: null,
        first_name: target.first_name.trim().slice(0, 100) || null,
        last_name: target.last_name.trim().slice(0, 100) || null,
        department: target.position.trim().slice(0, 200) || null,
        language_code: null,
      });
    });
    const count = recipients.length - before;
    const said = `${where.text}: ${count} recipients (position → department)`;
    note(report, 'mapped', 'group_mapped', where, said, { count });
  }
  return recipients;
}
