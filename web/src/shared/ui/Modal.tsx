import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn, restoreFocus, trapTab } from './focus';
import styles from './Modal.module.css';

// The one modal primitive: portal, role="dialog", aria-labelledby, focus trap, focus
// restored on close (a sensible place when the opener is gone: restoreFocus), Escape and
// overlay click close (unless the modal is not closable).
// Modals stack (a hash modal over a modal page): only the top one reacts to keys.
// Opening fades and lifts the dialog in (CSS, --duration-modal = 300 ms); closing plays the
// reverse on an inert, hidden copy left in place for that time, so the real dialog (and
// its focus handling) goes at once. Reduced motion sets the duration to 0: no copy.

const stack: symbol[] = [];

/** --duration-modal in milliseconds (0 when unset, as in tests, or with reduced motion). */
function transitionMs(): number {
  const raw = getComputedStyle(document.documentElement).getPropertyValue('--duration-modal').trim();
  const value = parseFloat(raw);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return raw.endsWith('ms') ? value : raw.endsWith('s') ? value * 1000 : 0;
}

/**
 * Plays the closing transition on a copy of the overlay that nothing can reach. Called
 * while the overlay is still in place; the copy goes in only once the overlay has really
 * left the document (StrictMode's trial unmount in development leaves it there).
 */
function playClosing(overlay: HTMLElement | null): void {
  const ms = overlay ? transitionMs() : 0;
  if (!overlay || ms === 0) return;
  const parent = overlay.parentNode;
  const next = overlay.nextSibling;
  const ghost = overlay.cloneNode(true) as HTMLElement;
  ghost.setAttribute('aria-hidden', 'true');
  ghost.setAttribute('inert', '');
  ghost.removeAttribute('data-modal');
  ghost.querySelectorAll('[role="dialog"], [id]').forEach((el) => {
    el.removeAttribute('role');
    el.removeAttribute('id');
  });
  ghost.classList.add(styles.closing!);
  queueMicrotask(() => {
    if (overlay.isConnected) return;
    // In the overlay's place, so a modal opened instead of this one stays on top.
    if (parent?.isConnected && (!next || next.parentNode === parent)) parent.insertBefore(ghost, next);
    else document.body.appendChild(ghost);
    window.setTimeout(() => ghost.remove(), ms);
  });
}

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
  document.body.classList.toggle('modal-open', inert);
}

export interface ModalProps {
  title: ReactNode;
  /** Absent: the modal cannot be closed by the viewer (auth-only mode). */
  onClose?: () => void;
  size?: 'sm' | 'md' | 'lg' | 'page';
  /** Hide the heading visually; it still names the dialog. */
  titleHidden?: boolean;
  children: ReactNode;
  /** data-modal attribute, for styling hooks and tests. */
  name?: string;
}

export function Modal({ title, onClose, size = 'sm', titleHidden, children, name }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const sizeRef = useRef(size);

  useEffect(() => {
    const id = Symbol('modal');
    const previouslyFocused = document.activeElement as HTMLElement | null;
    stack.push(id);
    setBackgroundInert(true);

    // A marked field first; else a small dialog's first control, while a modal page (a
    // whole screen of links and sections) takes the focus itself: its title is read and
    // Tab starts at its top rather than on a control that looks chosen.
    const dialog = dialogRef.current;
    if (dialog) {
      const autofocus = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      const first = sizeRef.current === 'page' ? undefined : focusableIn(dialog).find((el) => !el.dataset.modalClose);
      (autofocus ?? first ?? dialog).focus();
    }

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id || !dialogRef.current) return;
      if (e.key === 'Escape' && onCloseRef.current) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      trapTab(e, dialogRef.current);
    };
    document.addEventListener('keydown', onKey);

    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(id), 1);
      if (stack.length === 0) setBackgroundInert(false);
      restoreFocus(previouslyFocused);
    };
  }, []);

  // A layout-effect cleanup runs while the overlay is still in the document, so the copy
  // takes its place in the stacking order (under a modal that opens instead of this one).
  useLayoutEffect(() => {
    const overlay = overlayRef.current;
    return () => playClosing(overlay);
  }, []);

  // The click must start and end on the overlay, so a text selection dragged out of the
  // dialog does not close it.
  const downOnOverlay = useRef(false);

  return createPortal(
    <div
      ref={overlayRef}
      className={styles.overlay}
      onMouseDown={(e) => {
        downOnOverlay.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (downOnOverlay.current && e.target === e.currentTarget) onClose?.();
      }}
      data-modal={name}
    >
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${size !== 'sm' ? styles[size] : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className={titleHidden ? 'visually-hidden' : styles.title}>
          {title}
        </h2>
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('modal.close')} data-modal-close="1">
            <span aria-hidden="true">×</span>
          </button>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
