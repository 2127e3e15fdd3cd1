import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from './console.module.css';

/**
 * An inline confirmation of a change that cannot simply be taken back: the question, the
 * action and Cancel. The action takes the focus when it appears (a screen reader reads the
 * group's question with it); Escape cancels. Its error, if the change failed, stays in it.
 * While the change is under way the buttons say so (aria-disabled) but keep the focus,
 * which a disabled button would drop.
 */
export function InlineConfirm({
  label,
  question,
  action,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  label: string;
  question: ReactNode;
  action: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('operator');
  const id = useId();
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={id}
      className={styles.confirm}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={id} className={styles.small}>
        {question}
      </p>
      <span className={styles.actions}>
        <Button size="small" autoFocus aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
          {action}
        </Button>
        <Button size="small" variant="ghost" aria-disabled={busy || undefined} onClick={() => !busy && onCancel()}>
          {t('common.cancel')}
        </Button>
      </span>
      {error && (
        <p role="alert" className={`${styles.errorText} ${styles.small}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Moves the focus after the next render, to an element that may only exist then (the button
 * a closed confirmation or form gives its place back to, a heading when a row went away).
 */
export function useFocusLater(): (target: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    target()?.focus();
  }, [tick]);
  return (target) => {
    pending.current = target;
    setTick((n) => n + 1);
  };
}

/**
 * A live region for what a change did ("The subscriber is blocked"): present from the
 * start, so assistive technology announces the text when it appears.
 */
export function StatusNote({ text }: { text: string }) {
  return (
    <p role="status" className={text ? `${styles.notice} ${styles.note}` : 'visually-hidden'} data-kind="success">
      {text}
    </p>
  );
}
