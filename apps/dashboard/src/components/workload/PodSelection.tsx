'use client';
// The pods the operator chose (for "delete chosen pods") and the pods the page highlights (the health
// line's and the plan's pod links), with what holds each pod back (the plan's blockers by pod, for the
// tooltips and the list). Every view of the pods (the ordinal strip, subset chips, revision cells, the
// grid and the list) and the links and actions that change them read it from this context, instead of
// the same props passed down through each. Outside a provider (a component rendered on its own) no pod
// is chosen or highlighted, none is held, and clicks change nothing.
import { createContext, useCallback, useContext, useMemo, useState, type RefObject } from 'react';
import type { Blocker } from '../../lib/api/types';

export interface PodSelection {
  /** The chosen pods, by name. */
  selected: ReadonlySet<string>;
  /** The highlighted pods, by name. */
  highlighted: ReadonlySet<string>;
  /** What holds each pod back (plan blockers by pod name). */
  blockers: ReadonlyMap<string, Blocker[]>;
  /** Chooses a pod, or takes it out of the choice. */
  toggle(pod: string): void;
  /** Chooses exactly these pods (none: clears the choice). */
  choose(pods: string[]): void;
  /** Highlights these pods and scrolls to them. */
  showPods(pods: string[]): void;
  clearHighlight(): void;
}

const NO_PODS: ReadonlySet<string> = new Set();

export const NO_POD_SELECTION: PodSelection = {
  selected: NO_PODS,
  highlighted: NO_PODS,
  blockers: new Map(),
  toggle: () => {},
  choose: () => {},
  showPods: () => {},
  clearHighlight: () => {},
};

export const PodSelectionContext = createContext<PodSelection>(NO_POD_SELECTION);

export function usePodSelection(): PodSelection {
  return useContext(PodSelectionContext);
}

/**
 * The selection state of a workload page: `showPods` scrolls `podsSection` into view (and, for one
 * pod, its row). The value changes only when the choice, the highlight or the blockers do, so the
 * memoised pod views re-render only then.
 */
export function usePodSelectionState(blockers: ReadonlyMap<string, Blocker[]>, podsSection: RefObject<HTMLElement | null>): PodSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(NO_PODS);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(NO_PODS);
  const toggle = useCallback(
    (pod: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(pod)) next.delete(pod);
        else next.add(pod);
        return next;
      }),
    [],
  );
  const choose = useCallback((pods: string[]) => setSelected(new Set(pods)), []);
  const showPods = useCallback(
    (pods: string[]) => {
      setHighlighted(new Set(pods));
      podsSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (pods.length === 1) document.getElementById(`pod-${pods[0]}`)?.scrollIntoView({ block: 'nearest' });
    },
    [podsSection],
  );
  const clearHighlight = useCallback(() => setHighlighted(new Set()), []);
  return useMemo(
    () => ({ selected, highlighted, blockers, toggle, choose, showPods, clearHighlight }),
    [selected, highlighted, blockers, toggle, choose, showPods, clearHighlight],
  );
}
