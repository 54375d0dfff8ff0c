/**
 * The dashboard's two kinds of bar chart, drawn with Recharts (SVG): the funnel (horizontal, one
 * bar per stage) and events over time (vertical, one bar per bucket). Recharts' accessibility
 * layer makes each chart focusable, and the arrow keys move its tooltip from bar to bar; the
 * numbers are always also in a table next to the chart (screen readers, print).
 */
import { Bar as Bars, BarChart, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import './charts.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

const ROW = 30;
const BAR_FILL = 'var(--accent)';
const tooltipStyle = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

export function HorizontalBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  return (
    <figure className="chart" data-chart="funnel" aria-label={label}>
      <BarChart
        data={[...bars]}
        layout="vertical"
        responsive
        style={{ width: '100%', height: bars.length * ROW + 10 }}
        margin={{ top: 5, right: 48, bottom: 5, left: 5 }}
        title={label}
      >
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={150} tickLine={false} className="chart__label" />
        <Tooltip cursor={false} contentStyle={tooltipStyle} />
        <Bars
          dataKey="value"
          fill={BAR_FILL}
          className="chart__bar"
          isAnimationActive={false}
          minPointSize={2}
        >
          <LabelList dataKey="value" position="right" className="chart__value" />
        </Bars>
      </BarChart>
    </figure>
  );
}

export function VerticalBars({ bars, label }: { bars: readonly Bar[]; label: string }) {
  return (
    <figure className="chart chart--timeline" data-chart="timeline" aria-label={label}>
      <BarChart
        data={[...bars]}
        responsive
        style={{ width: '100%', height: 200 }}
        margin={{ top: 10, right: 10, bottom: 5, left: 0 }}
        barCategoryGap="10%"
        title={label}
      >
        <XAxis dataKey="label" minTickGap={24} className="chart__label" />
        <YAxis allowDecimals={false} width={40} className="chart__label" />
        <Tooltip cursor={false} contentStyle={tooltipStyle} />
        <Bars dataKey="value" fill={BAR_FILL} className="chart__bar" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
