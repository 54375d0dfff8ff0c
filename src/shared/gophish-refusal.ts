/**
 * Why a GoPhish item cannot be imported, in the words an operator reads: the item by its name,
 * then what of it is wrong ("its subject is longer than 300 characters"), never a field path or
 * a validation library's message. The API, the CLI and the console all show these words.
 */
import type { z } from 'zod';

/** The fields of GoPhish's objects (and of the campaign they become), by what an operator calls them. */
const FIELDS: Record<string, string> = {
  name: 'its name',
  subject: 'its subject',
  envelope_sender: 'its sender',
  from: 'its sender',
  from_address: 'its sender',
  text: 'its text',
  body: 'its text',
  html: 'its HTML',
  template_html: 'its page',
  attachments: 'its attachments',
  redirect_url: 'its address after submitting',
  url: 'its address after submitting',
  targets: 'its people',
  email: 'an address',
  first_name: 'a first name',
  last_name: 'a last name',
  position: 'a position',
  host: 'its server address',
  username: 'its user name',
  headers: 'its headers',
  results: 'its results',
  timeline: 'its timeline',
  title: 'its title',
  content: 'its text',
};

type Issue = Pick<z.core.$ZodIssue, 'code' | 'path' | 'message'> & { maximum?: unknown; origin?: unknown };

function what(issue: Issue): string {
  const field = [...issue.path].reverse().find((part) => typeof part === 'string' && part in FIELDS);
  return typeof field === 'string' ? (FIELDS[field] ?? 'it') : 'it';
}

function why(issue: Issue): string {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'array'
        ? `has more than ${Number(issue.maximum).toLocaleString('en')} items`
        : `is longer than ${Number(issue.maximum).toLocaleString('en')} characters`;
    case 'too_small':
      return 'is empty';
    case 'invalid_format':
      return 'is not in a form it can have';
    case 'invalid_type':
      return 'is missing or not what it should be';
    default:
      return 'cannot be read';
  }
}

/**
 * "“Invoice” cannot be imported: its subject is longer than 300 characters". A check of Hookwise's
 * own says its words itself, after the field of the file it is about, as GoPhish names it.
 */
export function gophishRefusal(name: unknown, issue: Issue | undefined): string {
  const item = typeof name === 'string' && name.trim() ? `“${name.trim().slice(0, 100)}”` : 'it';
  if (!issue) return `${item} cannot be imported`;
  if (issue.code === 'custom') {
    const field = issue.path.map(String).join('.');
    return `${item} cannot be imported: ${field ? `${field}: ` : ''}${issue.message}`;
  }
  return `${item} cannot be imported: ${what(issue)} ${why(issue)}`;
}
