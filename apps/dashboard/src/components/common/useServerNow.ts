'use client';
// The API server's time now (lib/clock/server-clock), refreshed every `everyMs`: for countdowns to the
// moments the API serves.
import { useEffect, useState } from 'react';
import { serverClock } from '../../lib/clock/server-clock';

export function useServerNow(everyMs: number): number {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    const t = setInterval(() => setNow(serverClock.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
