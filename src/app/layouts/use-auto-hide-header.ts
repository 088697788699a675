import { useEffect, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX } from '../settings/settings';

/** True while the header should hide: scrolled down past 100 px (only when enabled). */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HEADER_HIDE_SCROLL_PX && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
