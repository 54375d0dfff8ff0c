/** An automation's audience in words, naming its group or smart group (never an id). */
import type { Audience, PeopleFacets } from '@shared/people';
import type { SavedFilter } from '@shared/person-history';
import type { AutomationsT } from '@console/hooks/use-automations-t';

export function audienceWords(
  t: AutomationsT,
  audience: Audience,
  facets: PeopleFacets | undefined,
  filters: readonly SavedFilter[] | undefined,
): string {
  if (audience.kind === 'all') return t('audience.all');
  if (audience.kind === 'department') return t('audience.department', { name: audience.department });
  if (audience.kind === 'group') {
    const group = facets?.groups.find((g) => g.id === audience.group_id);
    return group ? t('audience.group', { name: group.name }) : t('audience.gone');
  }
  const filter = filters?.find((f) => f.id === audience.filter_id);
  return filter ? t('audience.filter', { name: filter.name }) : t('audience.gone');
}

/** The audience select's value ("all", "department:Sales", …) as an audience. */
export function audienceOf(value: string): Audience {
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  if (kind === 'department') return { kind: 'department', department: name };
  if (kind === 'group') return { kind: 'group', group_id: name };
  if (kind === 'filter') return { kind: 'filter', filter_id: name };
  return { kind: 'all' };
}
