'use client';
// The current time, refreshed every `everyMs`, for ages and "since" labels.
import { useEffect, useState } from 'react';

export function useNow(everyMs: number): number {
  return useTime(Date.now, everyMs);
}

/** What `read` says the time is, read again every `everyMs` (`read` must be one function for the component's life). */
export function useTime(read: () => number, everyMs: number): number {
  const [now, setNow] = useState(read);
  useEffect(() => {
    const t = setInterval(() => setNow(read()), everyMs);
    return () => clearInterval(t);
  }, [read, everyMs]);
  return now;
}
