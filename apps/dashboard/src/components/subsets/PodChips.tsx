// One subset's pods as small chips, grouped by zone and node: coloured by revision and marked by
// lifecycle state as the grid draws them (the same MarkSwatch), the pod's name and state in the title.
// A click chooses the pod (for "delete chosen pods"), as a cell of the grid does.
import type { Pod } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import type { ZoneGroup } from '../../lib/grid/group';
import { markOf } from '../../lib/grid/marks';
import { MarkSwatch } from '../workload/GridLegend';
import { usePodSelection } from '../workload/PodSelection';

interface Props {
  zones: ZoneGroup[];
  colors: Map<string, RevisionColor>;
}

function titleOf(pod: Pod, colors: Map<string, RevisionColor>): string {
  const label = colors.get(pod.revision)?.label;
  const state = `${pod.lifecycleState}${pod.deleting ? ', terminating' : ''} · ${pod.phase} · ${pod.ready ? 'ready' : 'not ready'}`;
  return `${pod.name}\nrevision ${pod.revision}${label ? ` (${label})` : ''}\n${state}${pod.pendingHook ? `\nwaiting on ${pod.pendingHook}` : ''}`;
}

export function PodChips({ zones, colors }: Props) {
  const { selected, highlighted, toggle } = usePodSelection();
  if (zones.length === 0) return <p className="muted small chips-empty">No pods.</p>;
  return (
    <div className="chips">
      {zones.map((z) => (
        <div key={z.zone} className="chip-zone" data-zone={z.zone}>
          <span className="chip-label">{z.zone}</span>
          {z.nodes.map((n) => (
            <div key={n.node} className="chip-node" data-node={n.node}>
              <span className="chip-label muted">{n.node}</span>
              {n.pods.map((pod) => (
                <button
                  key={pod.name}
                  type="button"
                  className={`chip${selected.has(pod.name) ? ' selected' : ''}${highlighted.has(pod.name) ? ' highlighted' : ''}`}
                  title={titleOf(pod, colors)}
                  aria-label={`${pod.name}${selected.has(pod.name) ? ' (chosen)' : ''}`}
                  aria-pressed={selected.has(pod.name)}
                  data-pod={pod.name}
                  data-revision={pod.revision}
                  data-mark={markOf(pod)}
                  onClick={() => toggle(pod.name)}
                >
                  <MarkSwatch mark={markOf(pod)} color={colorOf(colors, pod.revision)} size={14} />
                </button>
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
