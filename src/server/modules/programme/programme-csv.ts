/**
 * The programme report as one CSV, safe to open in a spreadsheet: a row per month, a row per
 * department (the whole period) and a total row, told apart by the first column.
 */
import type { DifficultyMix, ProgrammeFigures, ProgrammeReport } from '@shared/programme';
import { csvText } from '@server/lib/csv';

const FIGURES = [
  'sent',
  'clicked',
  'submitted',
  'reported',
  'click_rate',
  'submit_rate',
  'report_rate',
  'median_minutes_to_report',
] as const satisfies readonly (keyof ProgrammeFigures)[];

const difficultyColumns = (mix: DifficultyMix | undefined) =>
  mix
    ? {
        difficulty_1: mix['1'],
        difficulty_2: mix['2'],
        difficulty_3: mix['3'],
        difficulty_4: mix['4'],
        difficulty_5: mix['5'],
        difficulty_unknown: mix.unknown,
      }
    : {};

export function programmeCsv(report: ProgrammeReport): string {
  const rows = [
    ...report.months.map((m) => ({ row: 'month', ...m, ...difficultyColumns(m.difficulty) })),
    ...report.departments.map((d) => ({
      row: 'department',
      ...d,
      department: d.department ?? '(no department)',
    })),
    { row: 'total', ...report.totals, ...difficultyColumns(report.totals.difficulty) },
  ];
  return csvText(rows, [
    'row',
    'month',
    'department',
    'people',
    ...FIGURES,
    'difficulty_1',
    'difficulty_2',
    'difficulty_3',
    'difficulty_4',
    'difficulty_5',
    'difficulty_unknown',
  ]);
}
