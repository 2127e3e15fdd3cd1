import { useId } from 'react';
import styles from '../ui/console.module.css';

/** A compact labelled input of the catalogue's small forms. */
export function SmallField({
  label,
  value,
  onChange,
  type = 'text',
  maxLength,
  hint,
  grow,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'number';
  maxLength?: number;
  hint?: string;
  grow?: boolean;
}) {
  const id = useId();
  return (
    <div className={`${styles.control} ${grow ? styles.grow : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type={type}
        min={type === 'number' ? 0 : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className={`${styles.control} ${styles.besideField}`}>
      <span>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </span>
    </label>
  );
}

/** A picture file chooser (JPEG, PNG or WebP) with its error. */
export function FileField({ label, error, onPick }: { label: string; error: string | null; onPick: (f: File | undefined) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(e) => onPick(e.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className={`${styles.errorText} ${styles.small}`}>
          {error}
        </span>
      )}
    </>
  );
}
