'use client';
// Whether the tab is visible: polling pages stop while nobody looks at them (a hidden tab left open all
// day would otherwise ask the API every few seconds for nothing).
import { useEffect, useState } from 'react';

export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
