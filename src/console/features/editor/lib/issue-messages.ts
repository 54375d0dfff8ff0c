/**
 * A schema issue in the operator's words and language: which field ("Red flag 1 – Title", from
 * the labels the form shows) and what is wrong with it, never zod's developer message or the
 * file's path ("sei.0.title").
 */
import type { EditorKey, EditorT } from '@console/hooks/use-editor-t';
import {
  EMAIL_VARIABLES,
  UNKNOWN_VARIABLE,
  type CampaignFileCustomIssue,
  type CampaignFileIssue,
} from '@shared/campaign';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { sectionOf } from '../components/sections-list';

type Issue = CampaignFileIssue;
type Path = readonly PropertyKey[];

/** The label of a field, keyed by its path with list positions written as `#`. */
const LABELS: Record<string, EditorKey> = {
  name: 'general.name',
  language_code: 'general.language',
  redirect_url: 'general.redirectUrl',
  custom_logo: 'general.customLogo',
  navigation: 'general.navigation',
  'phishing.template_html': 'phishing.templateHtml',
  'phishing.brand': 'phishing.brand',
  'phishing.phishing_logo': 'phishing.logo',
  'email.from': 'email.from',
  'email.subject': 'email.subject',
  'email.body': 'email.body',
  'email.html': 'email.html',
  'awareness.title': 'awareness.title',
  'awareness.content': 'awareness.content',
  'pdf.url': 'pdf.url',
  'pdf.title': 'pdf.title',
  'pdf.pages': 'pdf.pages',
  'pdf.size_bytes': 'pdf.size',
  'sei.#.title': 'sei.title',
  'sei.#.explanation': 'sei.explanation',
  'sei.#.target.label': 'sei.label',
  'sei.#.target.element': 'sei.element',
  'sei.#.target.match': 'sei.match',
  'sei.#.target.region': 'sei.region',
  'sei.#.target.region.x': 'sei.regionField.x',
  'sei.#.target.region.y': 'sei.regionField.y',
  'sei.#.target.region.width': 'sei.regionField.width',
  'sei.#.target.region.height': 'sei.regionField.height',
  sei_general_info: 'entry.seiGeneralInfo',
  entry_text: 'entry.text',
  'questionnaire.questions.#.text': 'questionnaire.text',
  'questionnaire.questions.#.options': 'questionnaire.answers',
  'questionnaire.questions.#.correct': 'questionnaire.answers',
  'questionnaire.questions.#.explanation': 'questionnaire.explanation',
  'questionnaire.questions.#.sei_id': 'questionnaire.redFlag',
  'gamification.pass_mark': 'gamification.passMark',
  'gamification.badges.#.name': 'gamification.badgeName',
  'gamification.badges.#.min_score': 'gamification.minScore',
};

const isIndex = (part: PropertyKey | undefined): part is number => typeof part === 'number';

/** "Red flag 2 – Title", "Question 1 – Answer 3", "Email – Subject". */
export function fieldName(path: Path, t: EditorT): string {
  const parts: string[] = [];
  const [head, index, ...rest] = path;
  if (head === 'translations') {
    const language = LANGUAGES[index as LanguageCode]?.name ?? String(index);
    return t('languages.translationOf', { text: fieldName(rest, t), language });
  }
  if (head === 'sei' && isIndex(index)) parts.push(t('sei.flag', { number: index + 1 }));
  if (head === 'gamification' && path[1] === 'badges' && isIndex(path[2]))
    parts.push(t('gamification.badge', { number: path[2] + 1 }));
  if (head === 'questionnaire' && isIndex(path[2])) {
    parts.push(t('questionnaire.question', { number: path[2] + 1 }));
    if (path[3] === 'options' && isIndex(path[4]))
      parts.push(t('questionnaire.answer', { number: path[4] + 1 }));
  }
  const shape = path.map((part) => (isIndex(part) ? '#' : String(part))).join('.');
  const label = LABELS[shape];
  if (label) {
    if (head === 'email') parts.push(t('section.email'));
    if (head === 'awareness' || head === 'pdf') parts.push(t(`section.${head}`));
    parts.push(t(label));
  }
  if (parts.length === 0) parts.push(t(`section.${sectionOf(path.map(String).join('.'))}`));
  return [...new Set(parts)].join(' – ');
}

const variableList = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');

/** What is wrong, in words, with the field named first. */
export function describeIssue(issue: Issue, t: EditorT): string {
  const field = fieldName(issue.path, t);
  const last = issue.path.at(-1);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('issue.empty', { field });
      if (last === 'correct') return t('issue.correct', { field });
      return t('issue.atLeast', { field, min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('issue.tooLong', { field, max: Number(issue.maximum) });
      return t('issue.atMost', { field, max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'string' ? t('issue.empty', { field }) : t('issue.other', { field });
    case 'invalid_format':
      return issue.format === 'url' ? t('issue.url', { field }) : t('issue.other', { field });
    case 'custom':
      return describeCustom(issue, field, t);
    default:
      return t('issue.other', { field });
  }
}

function describeCustom(issue: CampaignFileCustomIssue, field: string, t: EditorT): string {
  const params = issue.params as { kind?: string; names?: string[] } | undefined;
  if (params?.kind === UNKNOWN_VARIABLE)
    return t('issue.unknownVariable', {
      field,
      names: variableList(params.names ?? []),
      known: variableList(EMAIL_VARIABLES),
    });
  if (issue.path.at(-1) === 'correct') return t('issue.correct', { field });
  if (/qr_code/.test(issue.message)) return t('issue.qrInHeader', { field });
  if (issue.path[0] === 'translations') return t('issue.unknownId', { field });
  return t('issue.other', { field });
}
