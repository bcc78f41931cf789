// Kubernetes Events about the workload, newest first, with warnings stand out.
import { memo } from 'react';
import type { KubeEvent } from '../../lib/api/types';
import { clockTime } from '../../lib/format';

function EventsTimelineView({ events }: { events: KubeEvent[] }) {
  return (
    <section className="card events" aria-labelledby="events-title">
      <h2 id="events-title">Events</h2>
      {events.length === 0 && <p className="muted">No events.</p>}
      <ol className="timeline" data-testid="events">
        {events.map((e, k) => (
          <li key={`${e.lastTimestamp}-${e.reason}-${k}`} className={e.type === 'Warning' ? 'warning' : ''}>
            <time dateTime={e.lastTimestamp ?? undefined}>{clockTime(e.lastTimestamp)}</time>
            <span className="reason">{e.reason}</span>
            <span className="message">{e.message}</span>
            {e.count > 1 && <span className="count">×{e.count}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Memoised: the page re-renders on every workload status event; this re-renders only when its own inputs change. */
export const EventsTimeline = memo(EventsTimelineView);
