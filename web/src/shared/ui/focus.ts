// Focus helpers of the modal primitive.

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/** Keeps Tab and Shift+Tab inside `root`; returns true when it moved the focus. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** Marks the control that takes the focus when a modal closes and its opener is gone. */
const FOCUS_RETURN_ATTR = 'data-focus-return';

function tryFocus(el: HTMLElement | null | undefined): boolean {
  if (!el || !el.isConnected) return false;
  el.focus();
  return document.activeElement === el;
}

/**
 * Where the focus goes when a modal closes: the control that opened it. When that is gone
 * (a link of a dropdown that closed as the modal opened) or the focus was on the page
 * itself: the modal still open under this one, else the control marked data-focus-return
 * (the account menu button), else the main landmark's first heading (made focusable from
 * script), else the main landmark; never the body.
 */
export function restoreFocus(previous: HTMLElement | null): void {
  if (previous && previous !== document.body && tryFocus(previous)) return;
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
  if (tryFocus(dialogs[dialogs.length - 1])) return;
  if (tryFocus(document.querySelector<HTMLElement>(`[${FOCUS_RETURN_ATTR}]`))) return;
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    if (tryFocus(heading)) return;
  }
  if (main && !main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  tryFocus(main);
}
