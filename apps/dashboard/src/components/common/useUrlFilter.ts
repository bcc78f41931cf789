'use client';
// A filter kept in the page's query string: read once from the URL, written back on every change with
// history.replaceState (Next's router follows it without a server round trip), so a reload or a shared
// link shows the same filtered list.
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';

export function useUrlFilter<F>(
  fromQuery: (params: { get(name: string): string | null }) => F,
  toQuery: (filter: F) => string,
): [F, (patch: Partial<F>) => void] {
  const params = useSearchParams();
  const [filter, setFilter] = useState<F>(() => fromQuery(params));
  useEffect(() => {
    const query = toQuery(filter);
    if (query !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${query}${window.location.hash}`);
  }, [filter, toQuery]);
  const update = useCallback((patch: Partial<F>) => setFilter((f) => ({ ...f, ...patch })), []);
  return [filter, update];
}
