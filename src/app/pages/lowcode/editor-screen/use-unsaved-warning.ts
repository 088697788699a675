import { useEffect } from 'react';

/** The browser asks before leaving (reload, close, another address) while `dirty`. */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value; the text itself is not shown any more.
      event.returnValue = '页面定义有未保存的修改';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
