import { useEffect } from 'react';

/** The browser tab's title for a page: `<title> · Coxswain`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Coxswain`;
  }, [title]);
}
