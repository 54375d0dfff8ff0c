/**
 * The one order a campaign's recipients are listed in, wherever they are (links, results):
 * stable across calls, and served by the campaign's order index. Columns of `recipients`.
 */
export const RECIPIENT_ORDER = ['created_at', 'email', 'person_id', 'id'] as const;
