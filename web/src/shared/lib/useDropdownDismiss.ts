import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes an open dropdown (disclosure) on a mouse press outside `root` or on Escape; after
 * Escape the focus goes to the control `focusOnEscape` names (its toggle button).
 */
export function useDropdownDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: () => void,
  focusOnEscape: () => HTMLElement | null | undefined,
): void {
  const latest = useRef({ close, focusOnEscape });
  latest.current = { close, focusOnEscape };
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) latest.current.close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      latest.current.close();
      latest.current.focusOnEscape()?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root]);
}
