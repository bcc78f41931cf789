'use client';
// "in 12 s" to a moment the API served, ticking each second on the server's clock; its own component
// so only it re-renders every second, not the panel around it.
import { countdownTo } from '../../lib/clock/countdown';
import { useServerNow } from './useServerNow';

export function Countdown({ until }: { until: string }) {
  const now = useServerNow(1000);
  return (
    <span className="countdown" data-testid="countdown" data-until={until}>
      {countdownTo(until, now)}
    </span>
  );
}
