/**
 * The demo campaign: every step filled in, in English, German and Arabic, so a newcomer sees the
 * whole recipient journey (and a recipient's language choosing the content).
 */
import type { CampaignFileInput } from '@shared/campaign';
import { DEMO_TRANSLATIONS } from './demo-translations';

/** How a later start finds the demo again: the tenant and campaign `hookwise demo` names so. */
export const DEMO_TENANT_NAME = 'Demo tenant';
export const DEMO_CAMPAIGN_NAME = 'Demo: shared document notification';

export function demoCampaign(publicUrl: string): CampaignFileInput {
  return {
    name: DEMO_CAMPAIGN_NAME,
    language_code: 'en',
    cdn_endpoint: `${publicUrl}/assets/demo`,
    phishing: { brand: 'Northwind Docs' },
    email: {
      from: 'Northwind Docs <no-reply@northwind-docs-share.com>',
      subject: 'URGENT: A document was shared with you — review before 5 PM',
      body: 'Hello,\n\nA confidential payroll document has been shared with you. Your access expires today at 5 PM.\n\nOpen the document: https://northwind-docs-share.com/view\n\nNorthwind Docs Team',
    },
    awareness: {
      title: 'You opened a simulated phishing link',
      typeHtml: true,
      content:
        '<p>Nothing bad happened: this was a <strong>training exercise</strong> run by your security team.</p>' +
        '<p>Real attackers send messages just like this one to steal passwords. The next few minutes show you the signs to look for.</p>' +
        '<ul><li>Check the sender address, not just the display name.</li><li>Hover over links before you click.</li><li>Be wary of urgency and deadlines.</li></ul>',
    },
    pdf: { url: 'training.pdf', title: 'Spotting phishing in 60 seconds', pages: 1, size_bytes: 1771 },
    sei: [
      {
        id: 'sender',
        title: 'Look-alike sender domain',
        explanation: 'The message came from northwind-docs-share.com, not from your company’s own domain.',
        target: { on: 'email', label: 'From', element: 'from' },
      },
      {
        id: 'urgency',
        title: 'Artificial urgency',
        explanation: 'A deadline ("before 5 PM") pressures you to act before you think.',
        target: { on: 'email', label: 'Subject', element: 'subject' },
      },
      {
        id: 'link',
        title: 'Link to an unknown site',
        explanation: 'The link leads to a site outside your company, asking for your company password.',
        target: {
          on: 'email',
          label: 'Link',
          element: 'body',
          match: 'https://northwind-docs-share.com/view',
        },
      },
    ],
    sei_general_info:
      'When in doubt, do not click. Open the service yourself from a bookmark, and report the message with the Report button.',
    entry_text: 'Three short questions check what you just learned. It takes about one minute.',
    questionnaire: {
      required: true,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: 'Which detail showed the email did not come from your company?',
          options: [
            { id: 'a', text: 'The sender’s domain' },
            { id: 'b', text: 'The greeting' },
            { id: 'c', text: 'The font' },
          ],
          correct: ['a'],
          explanation: 'The sender domain northwind-docs-share.com is not your company’s.',
          sei_id: 'sender',
        },
        {
          id: 'q2',
          type: 'multiple',
          text: 'Which of these are common signs of phishing? Choose all that apply.',
          options: [
            { id: 'a', text: 'An urgent deadline' },
            { id: 'b', text: 'A request for your password' },
            { id: 'c', text: 'A message from a colleague you were expecting' },
          ],
          correct: ['a', 'b'],
          explanation: 'Urgency and requests for credentials are classic signs.',
        },
        {
          id: 'q3',
          type: 'single',
          text: 'What should you do with a suspicious email?',
          options: [
            { id: 'a', text: 'Reply and ask if it is real' },
            { id: 'b', text: 'Report it to the security team' },
            { id: 'c', text: 'Forward it to colleagues' },
          ],
          correct: ['b'],
          explanation: 'Reporting helps your security team protect everyone.',
        },
      ],
    },
    gamification: {
      points: { awareness: 10, pdf: 10, sei: 20, questionnaire: 50 },
      pass_mark: 70,
      badges: [{ id: 'sharp-eye', name: 'Sharp eye', min_score: 100 }],
    },
    navigation: ['awareness', 'pdf', 'sei', 'entry_text', 'questionnaire'],
    // The demo's German and Arabic recipients get the campaign in their language.
    translations: DEMO_TRANSLATIONS,
  };
}

export const DEMO_RECIPIENTS = [
  { email: 'alex.morgan@example.com', person_id: null, first_name: 'Alex', language_code: 'en' },
  { email: 'jana.schmidt@example.com', person_id: null, first_name: 'Jana', language_code: 'de' },
  { email: 'layla.haddad@example.com', person_id: null, first_name: 'Layla', language_code: 'ar' },
] as const;

/** Reported URLs for the demo poll link: one already known, one internationalised look-alike. */
export const DEMO_POLL_URLS = [
  'https://northwind-docs-share.com/view?doc=payroll-2026',
  'https://xn--pypal-4ve.com/signin',
  'http://203.0.113.7/invoice.zip',
  'https://www.example.org/newsletter/unsubscribe',
] as const;

export const DEMO_KNOWN_MALICIOUS = 'https://northwind-docs-share.com/view?doc=payroll-2026';
