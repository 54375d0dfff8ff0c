/**
 * Messages the sandboxed template document may post to the app: which fields were filled in
 * (names only) and the first user gesture. Anything else is ignored.
 */
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '../../../../shared/events';
import { isRecord } from '../../../lib/guards';

const GESTURES = ['pointer', 'key', 'touch'] as const;
type Gesture = (typeof GESTURES)[number];

export type TemplateMessage =
  { hookwise: 'submitted'; fields: string[] } | { hookwise: 'gesture'; gesture: Gesture };

const isGesture = (value: unknown): value is Gesture => GESTURES.some((gesture) => gesture === value);

const isFieldName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD_NAME_LENGTH;

const hasOnlyKeys = (value: object, keys: string[]) => Object.keys(value).every((key) => keys.includes(key));

/**
 * The message comes from a document the operator wrote, so it is checked key by key: exactly
 * these two shapes, bounded, nothing else. (A schema library here would double the first load.)
 */
export function parseTemplateMessage(message: unknown): TemplateMessage | undefined {
  if (!isRecord(message)) return undefined;
  if (message.hookwise === 'submitted' && hasOnlyKeys(message, ['hookwise', 'fields'])) {
    const { fields } = message;
    if (!Array.isArray(fields) || fields.length > MAX_SUBMITTED_FIELDS || !fields.every(isFieldName))
      return undefined;
    return { hookwise: 'submitted', fields: [...fields] };
  }
  if (message.hookwise === 'gesture' && hasOnlyKeys(message, ['hookwise', 'gesture'])) {
    const { gesture } = message;
    if (!isGesture(gesture)) return undefined;
    return { hookwise: 'gesture', gesture };
  }
  return undefined;
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
