/**
 * The campaign e-mail's variables ({{first_name}}, {{link}}, … — EMAIL_VARIABLES), filled the
 * same way wherever a person sees the text: the e-mail itself, the red-flags page and the
 * previews. The caller says what each variable becomes in its context (escaped for HTML, one
 * line for a header, the plain link for a QR code where no image can go).
 */
import { EMAIL_VARIABLES, type EmailVariable } from './campaign';

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

const isVariable = (name: string): name is EmailVariable =>
  (EMAIL_VARIABLES as readonly string[]).includes(name);

/** The text with each known variable replaced by `value(name)`; anything else left as written. */
export function fillVariables(template: string, value: (name: EmailVariable) => string): string {
  return template.replace(VARIABLE, (whole, name: string) => (isVariable(name) ? value(name) : whole));
}

/** What fills the variables for one person; the QR code is made from the link. */
export type VariableValues = Record<Exclude<EmailVariable, 'qr_code'>, string>;

/** The person previews are shown for when the campaign has no recipient yet. */
export const SAMPLE_PERSON = {
  email: 'alex.morgan@example.com',
  first_name: 'Alex',
  last_name: 'Morgan',
  department: 'Finance',
} as const;
