'use client';
// An Advanced StatefulSet's pods in ordinal order: one cell per valid ordinal (coloured by revision,
// marked by state, empty while the pod is being created), reserved ordinals as gaps, pods outside the
// valid ordinals (condemned) faded, and the partition as a line: the pods left of it keep the current
// revision, those right of it are updated, highest ordinal first (docs/spec/advanced-statefulset.md §4.6).
import { Fragment, useMemo, useState } from 'react';
import type { Pod, StatefulSetWorkload } from '../../lib/api/types';
import { colorOf, type RevisionColor } from '../../lib/grid/colors';
import { markOf } from '../../lib/grid/marks';
import type { PodStore } from '../../lib/live/pod-store';
import { ordinalStrip } from '../../lib/rollout/ordinals';
import { partitionPods, strategyOf } from '../../lib/rollout/strategy';
import { MarkSwatch } from './GridLegend';
import { usePodSelection } from './PodSelection';
import { PodTooltip } from './PodTooltip';
import { usePodSnapshot } from './usePodSnapshot';

interface Props {
  workload: StatefulSetWorkload;
  store: PodStore;
  colors: Map<string, RevisionColor>;
}

export function OrdinalStrip({ workload: w, store, colors }: Props) {
  const { selected, highlighted, blockers, toggle } = usePodSelection();
  const pods = usePodSnapshot(store);
  const s = strategyOf(w.updateStrategy, w.kind);
  const ordered = s.type !== 'OnDelete' && !s.unordered;
  const partition = typeof s.partition === 'number' ? s.partition : partitionPods(s.partition, w.replicas);
  const strip = useMemo(() => ordinalStrip(w.ordinals, pods, ordered ? partition : null), [w.ordinals, pods, ordered, partition]);
  const [hover, setHover] = useState<{ pod: Pod; x: number; y: number } | null>(null);
  const kept = Math.min(partition, w.replicas);
  return (
    <section className="card ordinal-strip" aria-labelledby="ordinals-title" data-testid="ordinal-strip" data-partition={partition}>
      <h2 id="ordinals-title">
        Pods by ordinal{' '}
        <span className="muted small">
          ordinals {w.ordinals.start} to {w.ordinals.end - 1}
          {w.ordinals.reserved.length ? ', reserved ones as gaps' : ''}
        </span>
      </h2>
      <p className="small" data-testid="partition-words">
        {s.type === 'OnDelete'
          ? 'updateStrategy OnDelete: pods change revision only when deleted.'
          : s.unordered
            ? `partition ${partition} is a quota here (unorderedUpdate): at most ${Math.max(0, w.replicas - partition)} pods are updated, by priority.`
            : kept >= w.replicas
              ? `partition ${partition}: every pod keeps the current revision.`
              : `partition ${partition}: ${kept === 0 ? 'no pod keeps' : `the ${kept} lowest ordinal${kept === 1 ? '' : 's'} keep`} the current revision; the pods right of the line are updated, highest ordinal first.`}
      </p>
      <div className="strip" onMouseLeave={() => setHover(null)}>
        {strip.slots.map((slot, k) => (
          <Fragment key={slot.type === 'reserved' ? `r${slot.from}` : `${slot.type}${slot.ordinal}${slot.type === 'pod' && slot.outside ? 'x' : ''}`}>
            {strip.lineAt === k && <PartitionLine partition={partition} />}
            {slot.type === 'reserved' ? (
              <span
                className="slot reserved"
                data-reserved={`${slot.from}-${slot.to}`}
                title={`reserveOrdinals: ${slot.from === slot.to ? slot.from : `${slot.from}-${slot.to}`}`}
              >
                {slot.from === slot.to ? slot.from : `${slot.from}–${slot.to}`}
              </span>
            ) : slot.type === 'empty' ? (
              <span className="slot empty" data-ordinal={slot.ordinal} title={`ordinal ${slot.ordinal}: no pod yet`}>
                {slot.ordinal}
              </span>
            ) : (
              <button
                type="button"
                className={`slot pod${slot.outside ? ' outside' : ''}${selected.has(slot.pod.name) ? ' selected' : ''}${highlighted.has(slot.pod.name) ? ' highlighted' : ''}`}
                data-ordinal={slot.ordinal}
                data-pod={slot.pod.name}
                data-revision={slot.pod.revision}
                data-mark={markOf(slot.pod)}
                aria-label={`${slot.pod.name}${selected.has(slot.pod.name) ? ' (chosen)' : ''}`}
                onClick={() => toggle(slot.pod.name)}
                onMouseEnter={(e) => {
                  const box = e.currentTarget;
                  setHover({ pod: slot.pod, x: box.offsetLeft, y: box.offsetTop + box.offsetHeight });
                }}
              >
                <MarkSwatch mark={markOf(slot.pod)} color={colorOf(colors, slot.pod.revision)} size={18} />
                <span className="ordinal">{slot.ordinal}</span>
              </button>
            )}
          </Fragment>
        ))}
        {strip.lineAt === strip.slots.length && <PartitionLine partition={partition} />}
        {hover && (
          <PodTooltip
            pod={store.get(hover.pod.name) ?? hover.pod}
            x={hover.x}
            y={hover.y}
            color={colors.get(hover.pod.revision)}
            blockers={blockers.get(hover.pod.name)}
          />
        )}
      </div>
      {strip.hidden > 0 && <p className="muted small">and {strip.hidden} more ordinals: see the pod list below.</p>}
    </section>
  );
}

function PartitionLine({ partition }: { partition: number }) {
  return (
    <span className="partition-line" data-testid="partition-line" title={`partition ${partition}: current revision to the left, update revision to the right`}>
      <span>partition {partition}</span>
    </span>
  );
}
