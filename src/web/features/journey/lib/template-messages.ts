/**
 * Messages the sandboxed template document may post to the app: which fields were filled in
 * (names only) and the first user gesture. Anything else is ignored.
 */
import { z } from 'zod';
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '../../../../shared/journey';

const templateMessageSchema = z.discriminatedUnion('hookwise', [
  z.strictObject({
    hookwise: z.literal('submitted'),
    fields: z.array(z.string().min(1).max(MAX_FIELD_NAME_LENGTH)).max(MAX_SUBMITTED_FIELDS),
  }),
  z.strictObject({ hookwise: z.literal('gesture'), gesture: z.enum(['pointer', 'key', 'touch']) }),
]);

export type TemplateMessage = z.infer<typeof templateMessageSchema>;

export function parseTemplateMessage(data: unknown): TemplateMessage | undefined {
  const parsed = templateMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
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
