/** One figure of a benchmark: its value, a target, and whether the target is met. */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Ratio to the baseline measured in the same run, when there is one. */
  ratio?: number;
  /** Ratio to the same-stack floor (bench/floor-server.ts) measured in the same run. */
  floorRatio?: number;
  target?: { op: '>=' | '<='; value: number; of: 'value' | 'ratio' | 'floorRatio' };
  note?: string;
}

export function met(figure: Figure): boolean | undefined {
  const { target } = figure;
  if (!target) return undefined;
  const actual = target.of === 'value' ? figure.value : figure[target.of];
  if (actual === undefined) return false;
  return target.op === '>=' ? actual >= target.value : actual <= target.value;
}

const round = (n: number) =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

export function formatFigure(figure: Figure): string {
  const ok = met(figure);
  const mark = ok === undefined ? '     ' : ok ? ' ok  ' : ' MISS';
  const ratio = figure.ratio === undefined ? '' : `  ratio ${figure.ratio.toFixed(2)}`;
  const floor = figure.floorRatio === undefined ? '' : `  floor ${figure.floorRatio.toFixed(2)}`;
  const { target } = figure;
  const of = target?.of === 'ratio' ? 'ratio ' : target?.of === 'floorRatio' ? 'floor ' : '';
  const goal = target ? `  target ${of}${target.op} ${target.value}` : '';
  const note = figure.note ? `  (${figure.note})` : '';
  return `${mark} ${figure.section.padEnd(10)} ${figure.name.padEnd(44)} ${round(figure.value).padStart(9)} ${figure.unit.padEnd(6)}${ratio}${floor}${goal}${note}`;
}
