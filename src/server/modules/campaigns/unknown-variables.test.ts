/**
 * An e-mail that uses a `{{name}}` that is not a variable is refused wherever a campaign file is
 * written (REST import, the editor's save, the CLI), with the variables there are; a campaign
 * stored before the rule still reads.
 */
import { describe, expect, it } from 'vitest';
import { campaignFileSchema, storedCampaignFileSchema, unknownEmailVariables } from '@shared/campaign';
import { campaignFile, newTenant } from '@server/test/admin-fixtures';
import { describeEachDatabase } from '@server/test/harness';
import { parseCampaignFileText } from './campaign-file';

const email = (changes: Record<string, string>) => ({
  from: 'IT <it@example.com>',
  subject: 'Hello {{first_name}}',
  body: 'Open {{ link }}',
  ...changes,
});
const KNOWN = '{{first_name}}, {{last_name}}, {{email}}, {{department}}, {{link}}, {{qr_code}}';

describe('unknown e-mail variables', () => {
  it('finds every {{…}} that is not a variable, once, spaces and case included', () => {
    expect(unknownEmailVariables('Hi {{ first_name }} {{FirstName}} {{.URL}} {{FirstName}} {{}}')).toEqual([
      'FirstName',
      '.URL',
      '',
    ]);
    expect(unknownEmailVariables('{{link}} {{qr_code}}')).toEqual([]);
  });

  it('is an issue at the field, in the e-mail and in its translations, naming the variables there are', () => {
    const result = campaignFileSchema.safeParse({
      ...campaignFile(),
      email: email({ html: '<p>{{Tracker}}</p>' }),
      translations: { de: { email: { subject: 'Hallo {{vorname}}' } } },
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['email.html', `{{Tracker}}: not a variable. The variables are ${KNOWN}`],
      ['translations.de.email.subject', `{{vorname}}: not a variable. The variables are ${KNOWN}`],
    ]);
  });

  it('a file stored before the rule still reads', () => {
    const file = { ...campaignFile(), email: email({ body: 'Dear {{FirstName}}' }) };
    expect(storedCampaignFileSchema.safeParse(file).success).toBe(true);
  });

  it('the CLI refuses the file with the field and its line', () => {
    const text = JSON.stringify({ ...campaignFile(), email: email({ body: 'Dear {{FirstName}}' }) }, null, 2);
    expect(() => parseCampaignFileText(text)).toThrow(
      /email\.body \(line \d+\): \{\{FirstName\}\}: not a variable\. The variables are \{\{first_name\}\}/,
    );
  });
});

describeEachDatabase('operator API: unknown e-mail variables', (get) => {
  it('refuses an import and a save with an unknown variable, and takes the fixed file', async () => {
    const { admin } = get();
    const tenant = await newTenant(get());
    const post = async (body: Record<string, unknown>) =>
      await admin.inject({
        method: 'POST',
        url: '/api/admin/campaigns',
        headers: tenant.headers,
        payload: body,
      });
    const refused = await post({ ...campaignFile(), email: email({ subject: 'Hi {{name}}' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('{{name}}: not a variable. The variables are {{first_name}}');

    const created = await post({ ...campaignFile(), email: email({}) });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const save = async (body: Record<string, unknown>) =>
      await admin.inject({
        method: 'PUT',
        url: `/api/admin/campaigns/${id}/content`,
        headers: tenant.headers,
        payload: body,
      });
    const bad = await save({ ...campaignFile(), email: email({ body: '{{Link}}' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('{{Link}}: not a variable');
    expect((await save({ ...campaignFile(), email: email({ body: '{{link}}' }) })).statusCode).toBe(200);

    // A campaign stored before the rule, with an unknown variable, still opens in the editor.
    const older = JSON.stringify({
      ...campaignFileSchema.parse(campaignFile()),
      email: email({ body: 'Dear {{FirstName}}' }),
    });
    await get().database.db.updateTable('campaigns').set({ content: older }).where('id', '=', id).execute();
    const opened = await admin.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${id}`,
      headers: tenant.headers,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ file: { email: { body: string } } }>().file.email.body).toBe('Dear {{FirstName}}');
  });
});
