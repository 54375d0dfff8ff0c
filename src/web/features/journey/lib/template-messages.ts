/**
 * What a phishing page tells the app: the names of the fields that were filled in, never their
 * values. The built-in page collects them from its form; the operator's template (served
 * top-level at /phish, sandboxed) moves on to the next step with them in `submitted=` (see the
 * server's landing-script.ts), which the app reads here.
 */
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '@shared/events';

/** The parameter the template's script adds to the next step's address. */
export const SUBMITTED_PARAM = 'submitted';

const FIELD_NAME = new RegExp(`^[A-Za-z0-9_.:-]{1,${MAX_FIELD_NAME_LENGTH}}$`);

/**
 * The address comes from a document the operator wrote, and anyone can type one: only names of
 * the expected shape are kept (anything else is dropped, not repaired), at most as many as a
 * submission may carry, each once.
 */
export function parseSubmittedFields(value: string): string[] {
  const names: string[] = [];
  for (const name of value.split(',')) {
    if (FIELD_NAME.test(name) && !names.includes(name)) names.push(name);
    if (names.length === MAX_SUBMITTED_FIELDS) break;
  }
  return names;
}

/**
 * Takes the template's submission off the address: returns the rid and field names, and
 * replaces the address with one without `submitted=`, so a reload or a return through history
 * never records the submission again. Undefined when there is none.
 */
export function takeSubmission(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'state' | 'replaceState'>,
): { rid: string; fields: string[] } | undefined {
  const url = new URL(location.href);
  const submitted = url.searchParams.get(SUBMITTED_PARAM);
  if (submitted === null) return undefined;
  url.searchParams.delete(SUBMITTED_PARAM);
  // The router's own state is kept, so its history stays as it was.
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  const rid = url.searchParams.get('rid');
  return rid ? { rid, fields: parseSubmittedFields(submitted) } : undefined;
}

/** Names of the form's fields that hold something — the values themselves are never read out. */
export function filledFieldNames(form: HTMLFormElement): string[] {
  const names: string[] = [];
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (['submit', 'button', 'reset', 'hidden'].includes(element.type)) continue;
    const filled =
      element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)
        ? element.checked
        : element.value.length > 0;
    const name = (element.name || element.id).slice(0, MAX_FIELD_NAME_LENGTH);
    if (filled && name && !names.includes(name)) names.push(name);
  }
  return names.slice(0, MAX_SUBMITTED_FIELDS);
}
