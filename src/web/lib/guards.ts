/**
 * Small type guards for data from outside the app (API answers, storage, messages). Hand-written
 * rather than a schema library, which would double the recipient's first load.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
