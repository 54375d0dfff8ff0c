/** The editor's sections, in the order of the side navigation, and which one a field belongs to. */
export const SECTIONS = [
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
] as const;
export type SectionId = (typeof SECTIONS)[number];

const BY_FIELD: Record<string, SectionId> = {
  phishing: 'phishing',
  custom_logo: 'general',
  email: 'email',
  awareness: 'awareness',
  pdf: 'pdf',
  sei: 'sei',
  sei_general_info: 'entry',
  entry_text: 'entry',
  questionnaire: 'questionnaire',
  gamification: 'gamification',
  translations: 'languages',
};

/** The section showing the field at `path` (dot-separated); unknown fields are general ones. */
export function sectionOf(path: string): SectionId {
  return BY_FIELD[path.split('.')[0] ?? ''] ?? 'general';
}
