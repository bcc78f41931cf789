// The pointer over a pod canvas (the pod grid, the flat pod cells): hovering a pod shows its tooltip,
// leaving hides it, a click selects or unselects the pod under the pointer.
import type { Dispatch, MouseEvent, SetStateAction } from 'react';
import type { Pod } from '../../lib/api/types';

/** The hovered pod and where its tooltip goes. */
export interface PodHover {
  pod: Pod;
  x: number;
  y: number;
}

/**
 * The canvas's mouse handlers, given how it finds the pod at a point; spread them onto the canvas. A hook
 * by name so React's rules know `podAt` (which reads the canvas ref) runs in the handlers, not in render.
 */
export function useCanvasPointer(
  podAt: (clientX: number, clientY: number) => PodHover | null,
  setHover: Dispatch<SetStateAction<PodHover | null>>,
  toggle: (pod: string) => void,
) {
  return {
    onMouseMove: (e: MouseEvent) => {
      const hit = podAt(e.clientX, e.clientY);
      // The same pod keeps the same object, so moving within a cell renders nothing.
      setHover((h) => (h?.pod.name === hit?.pod.name ? h : hit));
    },
    onMouseLeave: () => setHover(null),
    onClick: (e: MouseEvent) => {
      const hit = podAt(e.clientX, e.clientY);
      if (hit) toggle(hit.pod.name);
    },
  };
}
