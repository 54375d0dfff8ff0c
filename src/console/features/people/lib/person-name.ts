/** What a person is called on the console: their name, else their e-mail, else their person ID. */
import type { Person } from '@shared/people';

export function personName(person: Person): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return full || person.display_name || person.email || person.person_id || '';
}

/** The name alone, when the person has one apart from their e-mail. */
export function givenName(person: Person): string | null {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ');
  return full || person.display_name;
}
