/** The printed report's departments: small ones merged, and left out when even together they are few. */
import { describe, expect, it } from 'vitest';
import type { ProgrammeDepartment } from '@shared/programme';
import { printedDepartments } from './print-departments';

const department = (name: string, people: number, clicked = 0): ProgrammeDepartment => ({
  department: name,
  people,
  sent: people,
  clicked,
  submitted: 0,
  reported: 0,
  click_rate: people ? clicked / people : null,
  submit_rate: 0,
  report_rate: 0,
  median_minutes_to_report: null,
});

describe('printedDepartments', () => {
  it('merges departments of fewer than five people into one row', () => {
    const rows = printedDepartments([department('Sales', 12), department('IT', 2, 2), department('HR', 3)]);
    expect(rows.map((r) => [r.department, r.people, r.clicked])).toEqual([
      ['Sales', 12, 0],
      [{ other: true }, 5, 2],
    ]);
  });

  it('leaves the merged row out when even together they are fewer than five', () => {
    // IT alone, 2 people who both clicked: a reader would know who.
    const rows = printedDepartments([
      department('Finance', 6),
      department('Sales', 5),
      department('IT', 2, 2),
    ]);
    expect(rows.map((r) => r.department)).toEqual(['Finance', 'Sales']);
  });
});
