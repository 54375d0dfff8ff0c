/**
 * The printed report's departments: a department of fewer than PRINT_MIN_PEOPLE people would
 * let a reader single people out, so those are merged into one "other departments" row (its
 * rates recomputed from the counts; a median cannot be merged, so that row has none). When even
 * together they are fewer, that row is left out too.
 */
import type { ProgrammeDepartment } from '@shared/programme';

export const PRINT_MIN_PEOPLE = 5;

export type PrintedDepartment = Omit<ProgrammeDepartment, 'department'> & {
  /** null: no department known; `other`: the merged small departments. */
  department: string | null | { other: true };
};

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

export function printedDepartments(departments: readonly ProgrammeDepartment[]): PrintedDepartment[] {
  const kept = departments.filter((d) => d.people >= PRINT_MIN_PEOPLE);
  const small = departments.filter((d) => d.people < PRINT_MIN_PEOPLE);
  if (small.length === 0) return kept;
  const sum = (pick: (d: ProgrammeDepartment) => number) => small.reduce((n, d) => n + pick(d), 0);
  const [people, sent, clicked, submitted, reported] = [
    sum((d) => d.people),
    sum((d) => d.sent),
    sum((d) => d.clicked),
    sum((d) => d.submitted),
    sum((d) => d.reported),
  ];
  if (people < PRINT_MIN_PEOPLE) return kept;
  return [
    ...kept,
    {
      department: { other: true },
      people,
      sent,
      clicked,
      submitted,
      reported,
      click_rate: rate(clicked, sent),
      submit_rate: rate(submitted, sent),
      report_rate: rate(reported, sent),
      median_minutes_to_report: null,
    },
  ];
}
