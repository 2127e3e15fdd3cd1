import { useEffect } from 'react';
import { pageClassFor } from '../paths';

/** Sets `page_{first path segment}` on <body> (page_home for `/`, page_channel for an open channel). */
export function useBodyPageClass(pathname: string): void {
  const cls = pageClassFor(pathname);
  useEffect(() => {
    document.body.classList.add(cls);
    return () => document.body.classList.remove(cls);
  }, [cls]);
}
