'use client';
// The API server's time now (lib/clock/server-clock), refreshed every `everyMs`: for countdowns to the
// moments the API serves.
import { serverClock } from '../../lib/clock/server-clock';
import { useTime } from './useNow';

const readServerClock = () => serverClock.now();

export function useServerNow(everyMs: number): number {
  return useTime(readServerClock, everyMs);
}
