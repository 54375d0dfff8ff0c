/**
 * The phishing email (From, Subject, text body, optional HTML body): what Hookwise sends, and what
 * the red-flags page shows with its flags. The preview beside it shows the email as a recipient
 * gets it (email-preview.tsx).
 */
import { EMAIL_VARIABLES } from '@shared/campaign';
import { useEditorT } from '@console/hooks/use-editor-t';
import { useEditor } from '../../hooks/editor-context';
import { CheckboxField, TextField } from '../fields';
import { Section } from './section';

const EMPTY_EMAIL = { from: '', subject: '', body: '' };
const VARIABLES = EMAIL_VARIABLES.map((v) => `{{${v}}}`).join(', ');
const RAW = { interpolation: { escapeValue: false } };

export function EmailSection() {
  const { t } = useEditorT();
  const { draft, update } = useEditor();
  const email = draft.email;
  const set = (key: keyof typeof EMPTY_EMAIL, value: string) =>
    update((f) => ({ ...f, email: { ...EMPTY_EMAIL, ...f.email, [key]: value } }));
  return (
    <Section id="email" title={t('section.email')}>
      <CheckboxField
        path="email"
        label={t('email.include')}
        hint={t('email.hint')}
        checked={email !== undefined}
        onChange={(on) => update((f) => ({ ...f, email: on ? { ...EMPTY_EMAIL } : undefined }))}
      />
      {email && (
        <>
          <TextField
            path="email.from"
            label={t('email.from')}
            value={email.from}
            onChange={(v) => set('from', v)}
          />
          <TextField
            path="email.subject"
            label={t('email.subject')}
            value={email.subject}
            onChange={(v) => set('subject', v)}
          />
          <TextField
            path="email.body"
            label={t('email.body')}
            hint={t('email.qrHint', { qrCode: '{{qr_code}}', ...RAW })}
            multiline
            rows={10}
            value={email.body}
            onChange={(v) => set('body', v)}
          />
          <TextField
            path="email.html"
            label={t('email.html')}
            hint={t('email.htmlHint', { variables: VARIABLES, ...RAW })}
            multiline
            rows={10}
            dir="ltr"
            value={email.html ?? ''}
            onChange={(v) =>
              // Cleared, the field leaves the file: the text is then sent as simple HTML.
              update((f) => ({ ...f, email: { ...EMPTY_EMAIL, ...f.email, html: v || undefined } }))
            }
          />
        </>
      )}
    </Section>
  );
}
