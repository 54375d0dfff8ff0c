/**
 * Bars drawn as SVG by hand: the funnel (horizontal, one bar per stage) and clicks or reports
 * over time (vertical, one bar per bucket). A chart library would add 50–200 KB for what is two kinds of
 * bar; this is ~2 KB, scales with the page, prints crisply, and needs no canvas. The SVG is an
 * image with a label; the numbers are always also in a table next to it (screen readers, print).
 */
import './charts.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

const WIDTH = 600;

export function HorizontalBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const row = 28;
  const labelWidth = 170;
  const height = bars.length * row;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={label}
      data-chart="funnel"
    >
      {bars.map((bar, i) => {
        const width = ((WIDTH - labelWidth - 60) * bar.value) / max;
        const y = i * row;
        return (
          <g key={bar.key}>
            <text x={labelWidth - 8} y={y + row / 2 + 5} textAnchor="end" className="chart__label">
              {bar.label}
            </text>
            <rect
              className="chart__bar"
              data-value={bar.value}
              x={labelWidth}
              y={y + 4}
              width={Math.max(bar.value > 0 ? 2 : 0, width)}
              height={row - 8}
              rx={3}
            />
            <text x={labelWidth + width + 6} y={y + row / 2 + 5} className="chart__value">
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function VerticalBars({
  bars,
  label,
  chart = 'timeline',
}: {
  bars: readonly Bar[];
  label: string;
  /** data-chart, and the bars' colour: clicks (timeline) or reports. */
  chart?: 'timeline' | 'reports';
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = 160;
  const step = WIDTH / Math.max(1, bars.length);
  return (
    <svg
      className={`chart chart--${chart}`}
      viewBox={`0 0 ${WIDTH} ${height + 20}`}
      role="img"
      aria-label={label}
      data-chart={chart}
    >
      <line x1={0} x2={WIDTH} y1={height} y2={height} className="chart__axis" />
      {bars.map((bar, i) => {
        const h = (height * bar.value) / max;
        return (
          <rect
            key={bar.key}
            className="chart__bar"
            data-value={bar.value}
            x={i * step + step * 0.1}
            y={height - h}
            width={Math.max(1, step * 0.8)}
            height={h}
          >
            <title>{`${bar.label}: ${bar.value}`}</title>
          </rect>
        );
      })}
      <text x={0} y={height + 16} className="chart__label">
        {bars[0]?.label ?? ''}
      </text>
      <text x={WIDTH} y={height + 16} textAnchor="end" className="chart__label">
        {bars.at(-1)?.label ?? ''}
      </text>
      <text x={4} y={12} className="chart__label">
        {max}
      </text>
    </svg>
  );
}
