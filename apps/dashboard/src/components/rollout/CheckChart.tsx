// A check's values over time as a small SVG line (its history, oldest left), each evaluation a dot
// coloured by its verdict; no chart library.
import { checkChart } from '../../lib/kruise-rollout/analysis';
import type { CheckSample } from '../../lib/api/types';

const WIDTH = 160;
const HEIGHT = 36;
const PHASE_COLORS: Record<string, string> = { Passed: '#2b8a3e', Failed: '#c92a2a', Pending: '#868e96', Error: '#e67700' };

export function CheckChart({ name, history }: { name: string; history: readonly CheckSample[] }) {
  const chart = checkChart(history, WIDTH, HEIGHT);
  if (!chart) return <span className="muted small">no values yet</span>;
  return (
    <svg
      className="check-chart"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${name}: ${chart.points.length} value${chart.points.length === 1 ? '' : 's'} from ${chart.min} to ${chart.max}`}
      data-testid={`check-chart-${name}`}
      data-points={chart.points.length}
    >
      <polyline points={chart.line} fill="none" stroke="#495057" strokeWidth={1.2} />
      {chart.points.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={2.2} fill={PHASE_COLORS[p.phase] ?? '#495057'}>
          <title>{p.label}</title>
        </circle>
      ))}
    </svg>
  );
}
