/**
 * The operator console's translations (`console`, `console-editor`, `console-results`,
 * `console-home`, `console-account`, `console-identity`, `console-integrations`, `console-people`,
 * `console-person`, `console-reports`, `console-scenarios`, `console-programme`,
 * `console-site-import`, `console-automations`): every
 * language complete, and no key the code of src/console and src/shared does not use. The recipient
 * pages' namespace is checked in src/web/lib/translations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, ROLES } from '../../shared/admin-api';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../../shared/audit';
import { LEVEL_REASONS, PLAN_TRAINING, SKIP_REASONS } from '../../shared/automations';
import { CLICK_VERDICTS } from '../../shared/clicks';
import { FUNNEL_STAGES, REASON_KINDS, reviewerLinkSchema } from '../../shared/dashboard';
import { RECIPIENT_STATUSES } from '../../shared/events';
import { GOPHISH_ITEMS, GOPHISH_NOTICES, GOPHISH_PLACES } from '../../shared/gophish-import';
import { TRANSLATION_NAMESPACES } from '../../shared/languages';
import { ASSET_PROBLEMS } from '../../shared/page-assets';
import { PERSON_STATES } from '../../shared/people';
import { RISK_BANDS, RISK_FACTORS } from '../../shared/people-risk';
import { PEOPLE_LISTS } from '../../shared/person-history';
import { PHISH_STEPS } from '../../shared/routes';
import { SCENARIO_SOURCES } from '../../shared/scenario-api';
import { SCENARIO_LURES } from '../../shared/scenarios';
import { TRAINING_REASONS, TRAINING_STATUSES } from '../../shared/training';
import { LEVEL_NAMES } from '../features/scenarios/lib/levels';
import { SSO_FAILURES } from '../../shared/sso';
import {
  OUTBOX_STATES,
  SEND_FAILURE_CAUSES,
  SENDING_HEALTH_STATES,
  SENDING_STATES,
  SMTP_TLS,
} from '../../shared/sending';
import { DELIVERY_STATES, ENDPOINT_KINDS, WEBHOOK_EVENTS } from '../../shared/webhooks';
import { describeTranslationFiles, describeUnusedKeys, type KeyFamily } from '../../shared/test/locale-files';
import { CONSOLE_NAMESPACES } from './i18n';

/**
 * Keys the console builds from a value known only at run time, t(`${prefix}${value}`): each
 * family's values are the shared list the code takes them from, else written out here.
 */
const DYNAMIC_KEY_FAMILIES: KeyFamily[] = [
  // console
  {
    namespace: 'console',
    prefix: 'role.',
    suffixes: ROLES,
    builtBy: 'the layout’s user name, the users page',
  },
  { namespace: 'console', prefix: 'status.', suffixes: CAMPAIGN_STATUSES, builtBy: 'StatusBadge' },
  {
    namespace: 'console',
    prefix: 'recipientStatus.',
    suffixes: RECIPIENT_STATUSES,
    builtBy: 'the recipients table, the results’ recipients table and its status filter',
  },
  { namespace: 'console', prefix: 'sending.state.', suffixes: SENDING_STATES, builtBy: 'the sending panel' },
  {
    namespace: 'console',
    prefix: 'sending.count.',
    suffixes: OUTBOX_STATES,
    builtBy: 'the sending panel’s counts table',
  },
  {
    namespace: 'console',
    prefix: 'profiles.tls.',
    suffixes: SMTP_TLS,
    builtBy: 'the sending profile form and row',
  },
  {
    namespace: 'console',
    prefix: 'gophish.',
    suffixes: ['template', 'page', 'group', 'smtp', 'campaign', 'attention', 'dropped', 'mapped'],
    builtBy: 'the GoPhish import page’s file inputs and its report’s sections (KINDS)',
  },
  {
    namespace: 'console',
    prefix: 'gophish.notice.',
    suffixes: GOPHISH_NOTICES,
    builtBy: 'the GoPhish import report’s notices (ImportReportView)',
  },
  {
    namespace: 'console',
    prefix: 'gophish.item.',
    suffixes: GOPHISH_ITEMS,
    builtBy: 'the GoPhish import report’s entries (ImportReportView)',
  },
  {
    namespace: 'console',
    prefix: 'gophish.where.',
    suffixes: GOPHISH_PLACES,
    builtBy: 'where each GoPhish import report entry is (ImportReportView)',
  },
  // console-editor
  {
    namespace: 'console-editor',
    prefix: 'section.',
    suffixes: [
      'general',
      'phishing',
      'email',
      'awareness',
      'pdf',
      'sei',
      'entry',
      'questionnaire',
      'gamification',
      'languages',
    ],
    builtBy: 'the editor’s side navigation and section labels (SECTIONS)',
  },
  {
    namespace: 'console-editor',
    prefix: 'step.',
    suffixes: PHISH_STEPS,
    builtBy: 'the navigation order and the gamification points',
  },
  {
    namespace: 'console-editor',
    prefix: 'sei.element.',
    suffixes: ['from', 'subject', 'body'],
    builtBy: 'the red flag editor’s element select (ELEMENTS) and the email placer',
  },
  {
    namespace: 'console-editor',
    prefix: 'sei.regionField.',
    suffixes: ['x', 'y', 'width', 'height'],
    builtBy: 'the red flag editor’s region fields',
  },
  {
    namespace: 'console-editor',
    prefix: 'emailPreview.',
    suffixes: ['html', 'text'],
    builtBy: 'the email preview’s tabs',
  },
  {
    namespace: 'console-editor',
    prefix: 'preview.',
    suffixes: ['phone', 'desktop'],
    builtBy: 'the live preview’s width choice',
  },
  {
    namespace: 'console-editor',
    prefix: 'preview.pages.',
    suffixes: ['phish', 'awareness', 'pdf', 'sei', 'entry_text', 'questionnaire', 'campaign-completed'],
    builtBy: 'the live preview’s page select and frame title (PREVIEW_PAGES)',
  },
  // console-results
  {
    namespace: 'console-results',
    prefix: 'stage.',
    suffixes: FUNNEL_STAGES,
    builtBy: 'the funnel, its CSV export and a recipient’s activity (event types)',
  },
  {
    namespace: 'console-results',
    prefix: 'verdict.',
    suffixes: [...CLICK_VERDICTS, 'not_visited'],
    builtBy: 'the verdicts section, the recipients table and filter, a recipient’s activity',
  },
  {
    namespace: 'console-results',
    prefix: 'reason.',
    suffixes: REASON_KINDS,
    builtBy: 'the verdicts section',
  },
  {
    namespace: 'console-results',
    prefix: 'recipients.col.',
    suffixes: ['email', 'status', 'verdict', 'language', 'department', 'score'],
    builtBy: 'the results’ recipients table headers (COLUMNS)',
  },
  {
    namespace: 'console-results',
    prefix: 'links.state.',
    suffixes: reviewerLinkSchema.shape.state.options,
    builtBy: 'the reviewer links table',
  },
  // console-integrations
  {
    namespace: 'console-integrations',
    prefix: 'event.',
    suffixes: WEBHOOK_EVENTS,
    builtBy: 'the endpoints table, the event checkboxes and the delivery log',
  },
  {
    namespace: 'console-integrations',
    prefix: 'kind.',
    suffixes: ENDPOINT_KINDS,
    builtBy: 'the endpoints table',
  },
  {
    namespace: 'console-integrations',
    prefix: 'log.state.',
    suffixes: DELIVERY_STATES,
    builtBy: 'the delivery log',
  },
  // console-training
  {
    namespace: 'console-training',
    prefix: 'status.',
    suffixes: TRAINING_STATUSES,
    builtBy: 'the Training page’s status filter and table',
  },
  {
    namespace: 'console-training',
    prefix: 'reason.',
    suffixes: TRAINING_REASONS,
    builtBy: 'the Training page’s table',
  },
  {
    namespace: 'console-training',
    prefix: 'policy.',
    suffixes: ['on_click', 'on_submit', 'praise_reporters'],
    builtBy: 'the training policy’s switches (SWITCHES)',
  },
  // console-home
  {
    namespace: 'console-home',
    prefix: 'audit.kind.',
    suffixes: AUDIT_KINDS,
    builtBy: 'the audit log’s “what” filter',
  },
  {
    namespace: 'console-home',
    prefix: 'audit.action.',
    suffixes: [...AUDIT_ACTIONS, 'other'],
    builtBy: 'the audit log’s sentences (auditSentence)',
  },
  { namespace: 'console-home', prefix: 'roles.', suffixes: ROLES, builtBy: 'the users page’s role guide' },
  {
    namespace: 'console-home',
    prefix: 'home.sending.',
    suffixes: SENDING_HEALTH_STATES,
    builtBy: 'the home page’s sending health',
  },
  {
    namespace: 'console-home',
    prefix: 'home.cause.',
    suffixes: SEND_FAILURE_CAUSES,
    builtBy: 'the home page’s sending health (its cause)',
  },
  // console-identity
  {
    namespace: 'console-identity',
    prefix: 'failure.',
    suffixes: SSO_FAILURES,
    builtBy: 'the sign-in page, from the reason single sign-on was refused for',
  },
  {
    namespace: 'console-identity',
    prefix: 'settings.values.',
    suffixes: ROLES,
    builtBy: 'the single sign-on settings, one field per role',
  },
  // console-automations
  {
    namespace: 'console-automations',
    prefix: 'reason.',
    suffixes: LEVEL_REASONS,
    builtBy: 'the plan table’s “why” column (a level’s reason)',
  },
  {
    namespace: 'console-automations',
    prefix: 'skipped.',
    suffixes: SKIP_REASONS,
    builtBy: 'the plan table’s “why” column (nothing that month)',
  },
  {
    namespace: 'console-automations',
    prefix: 'training.',
    suffixes: PLAN_TRAINING,
    builtBy: 'the plan table’s “why” column (whether the training policy sends the training)',
  },
  // console-people
  {
    namespace: 'console-people',
    prefix: 'people.state.',
    suffixes: PERSON_STATES,
    builtBy: 'the People page’s state filter',
  },
  // console-scenarios
  {
    namespace: 'console-scenarios',
    prefix: 'lure.',
    suffixes: SCENARIO_LURES,
    builtBy: 'the scenario cards and the lure filter',
  },
  {
    namespace: 'console-scenarios',
    prefix: 'level.name.',
    suffixes: LEVEL_NAMES,
    builtBy: 'the difficulty meter and filter',
  },
  {
    namespace: 'console-scenarios',
    prefix: 'source.',
    suffixes: SCENARIO_SOURCES,
    builtBy: 'the scenario cards (library or your copy)',
  },
  // console-person
  {
    namespace: 'console-person',
    prefix: 'risk.band.',
    suffixes: RISK_BANDS,
    builtBy: 'the person page’s risk',
  },
  {
    namespace: 'console-person',
    prefix: 'risk.factor.',
    suffixes: RISK_FACTORS,
    builtBy: 'the person page’s reasons for the score',
  },
  {
    namespace: 'console-person',
    prefix: 'list.',
    suffixes: PEOPLE_LISTS,
    builtBy: 'the lists page’s choice',
  },
  {
    namespace: 'console-person',
    prefix: 'about.',
    suffixes: PEOPLE_LISTS,
    builtBy: 'the lists page’s description',
  },
  // console-site-import
  {
    namespace: 'console-site-import',
    prefix: 'problem.',
    suffixes: ASSET_PROBLEMS,
    builtBy: 'the import-a-site report, from why a file was not copied',
  },
];

describe('console translation namespaces', () => {
  it('are the ones the console loads, and with upi-public all there are', () => {
    expect([...CONSOLE_NAMESPACES, 'upi-public'].sort()).toEqual([...TRANSLATION_NAMESPACES].sort());
  });
});

describeTranslationFiles(CONSOLE_NAMESPACES);

describeUnusedKeys({
  name: 'operator console',
  namespaces: CONSOLE_NAMESPACES,
  sources: ['src/console', 'src/shared'],
  families: DYNAMIC_KEY_FAMILIES,
});
