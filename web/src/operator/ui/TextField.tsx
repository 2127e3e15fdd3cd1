import { useId, type InputHTMLAttributes } from 'react';
import fieldStyles from '@/shared/ui/Field.module.css';

/**
 * A labelled input of the sign-in pages with a hint and an error, both tied to it for
 * assistive technology (the shared Field has no hint).
 */
export function TextField({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`${fieldStyles.input} ${error ? fieldStyles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <span id={hintId} className={fieldStyles.label}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
