/**
 * The dashboard's two kinds of bar chart, drawn with Recharts (SVG): the funnel (horizontal, one
 * bar per stage) and clicks or reports over time (vertical, one bar per bucket). Recharts' accessibility
 * layer makes each chart focusable, and the arrow keys move its tooltip from bar to bar; the
 * numbers are always also in a table next to the chart (screen readers, print). In Arabic the
 * charts are mirrored: bars grow from the right and time runs right to left.
 */
import { useTranslation } from 'react-i18next';
import { Bar as Bars, BarChart, LabelList, Tooltip, XAxis, YAxis, type LabelProps } from 'recharts';
import './charts.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

const ROW = 30;
const BAR_FILL = 'var(--accent)';
/** The bars' colour of each chart over time: clicks (timeline) or reports. */
const OVER_TIME_FILL = { timeline: BAR_FILL, reports: 'var(--success)' } as const;
const tooltipStyle = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

/** Whether the console's language is written right to left. */
function useRtl(): boolean {
  return useTranslation().i18n.dir() === 'rtl';
}

/**
 * A bar's count, just past the bar's far end. Drawn here rather than by LabelList's `position`:
 * on a reversed (right-to-left) axis Recharts measures `left` from the bar's origin, which put
 * every count at the right edge, over the stage names.
 */
function barValue(rtl: boolean) {
  return function BarValue({ x, y, width, height, value }: LabelProps) {
    const [left, top, w, h] = [x, y, width, height].map((n) => Number(n ?? 0)) as [
      number,
      number,
      number,
      number,
    ];
    const end = rtl ? Math.min(left, left + w) - 5 : Math.max(left, left + w) + 5;
    return (
      <text x={end} y={top + h / 2} dy="0.35em" textAnchor={rtl ? 'end' : 'start'} className="chart__value">
        {value}
      </text>
    );
  };
}

export function HorizontalBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const rtl = useRtl();
  return (
    <figure className="chart" data-chart="funnel" aria-label={label}>
      <BarChart
        data={[...bars]}
        layout="vertical"
        responsive
        style={{ width: '100%', height: bars.length * ROW + 10 }}
        margin={rtl ? { top: 5, right: 5, bottom: 5, left: 48 } : { top: 5, right: 48, bottom: 5, left: 5 }}
        title={label}
      >
        <XAxis type="number" hide allowDecimals={false} reversed={rtl} />
        <YAxis
          type="category"
          dataKey="label"
          width={150}
          tickLine={false}
          orientation={rtl ? 'right' : 'left'}
          className="chart__label"
        />
        <Tooltip cursor={false} contentStyle={tooltipStyle} />
        <Bars
          dataKey="value"
          fill={BAR_FILL}
          className="chart__bar"
          isAnimationActive={false}
          minPointSize={2}
        >
          <LabelList dataKey="value" content={barValue(rtl)} />
        </Bars>
      </BarChart>
    </figure>
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
  chart?: keyof typeof OVER_TIME_FILL;
}) {
  const rtl = useRtl();
  return (
    <figure className={`chart chart--${chart}`} data-chart={chart} aria-label={label}>
      <BarChart
        data={[...bars]}
        responsive
        style={{ width: '100%', height: 200 }}
        margin={{ top: 10, right: 10, bottom: 5, left: 0 }}
        barCategoryGap="10%"
        title={label}
      >
        <XAxis dataKey="label" minTickGap={24} reversed={rtl} className="chart__label" />
        <YAxis
          allowDecimals={false}
          width={40}
          orientation={rtl ? 'right' : 'left'}
          className="chart__label"
        />
        <Tooltip cursor={false} contentStyle={tooltipStyle} />
        <Bars dataKey="value" fill={OVER_TIME_FILL[chart]} className="chart__bar" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
