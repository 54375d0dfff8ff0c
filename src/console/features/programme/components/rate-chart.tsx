/**
 * The programme's rates over the months as lines (Recharts, SVG): click, submit and report. The
 * chart is focusable and the arrow keys move its tooltip from month to month (Recharts'
 * accessibility layer); the same numbers are in the months table beside it, for screen readers
 * and print. In Arabic time runs right to left.
 */
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgrammeMonth } from '@shared/programme';
import { useProgrammeT } from '@console/hooks/use-programme-t';
import { formatMonth, formatRate } from '../lib/format-programme';

const LINES = [
  { key: 'click_rate', label: 'programme.clickRate', stroke: 'var(--danger)', dash: undefined },
  { key: 'submit_rate', label: 'programme.submitRate', stroke: 'var(--warning)', dash: '6 3' },
  { key: 'report_rate', label: 'programme.reportRate', stroke: 'var(--success)', dash: '2 2' },
] as const;

const tooltipStyle = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

export function RateChart({ months }: { months: readonly ProgrammeMonth[] }) {
  const { t, i18n } = useProgrammeT();
  const rtl = i18n.dir() === 'rtl';
  const data = months.map((m) => ({
    label: formatMonth(m.month),
    // A month with nothing sent has no rate: a gap in the line, never a 0 %.
    ...Object.fromEntries(LINES.map((l) => [l.key, m[l.key]])),
  }));
  return (
    <figure className="programme-chart" data-chart="rates" aria-label={t('programme.chart')}>
      <LineChart
        data={data}
        responsive
        style={{ width: '100%', height: 260 }}
        margin={{ top: 10, right: 16, bottom: 5, left: 16 }}
        title={t('programme.chart')}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="label" reversed={rtl} tickLine={false} />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          domain={[0, 1]}
          tickFormatter={(value: number) => formatRate(value)}
          width={56}
        />
        <Tooltip
          contentStyle={tooltipStyle}
          formatter={(value) => formatRate(typeof value === 'number' ? value : null)}
        />
        <Legend />
        {LINES.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={t(line.label)}
            stroke={line.stroke}
            strokeWidth={2}
            strokeDasharray={line.dash}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
}
