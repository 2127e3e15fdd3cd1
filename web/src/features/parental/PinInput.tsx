import { useId, useRef } from 'react';
import { PIN_LENGTH, sanitisePin } from './pin';
import styles from './Parental.module.css';

/**
 * A 4-digit PIN field drawn as four cells. `onComplete` fires when the fourth digit is
 * typed, so the entry submits itself.
 */
export function PinInput({
  label,
  value,
  onChange,
  onComplete,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  onComplete?: (pin: string) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.pinField}>
      <label htmlFor={id} className={styles.pinLabel}>
        {label}
      </label>
      <div className={styles.pinBox} onClick={() => inputRef.current?.focus()}>
        <input
          ref={inputRef}
          id={id}
          className={styles.pinInput}
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          value={value}
          readOnly={disabled}
          aria-busy={disabled || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-autofocus
          autoFocus
          onChange={(e) => {
            const next = sanitisePin(e.target.value);
            onChange(next);
            if (next.length === PIN_LENGTH && value.length < PIN_LENGTH) onComplete?.(next);
          }}
        />
        <div className={styles.pinCells} aria-hidden="true">
          {Array.from({ length: PIN_LENGTH }, (_, i) => (
            <span key={i} className={`${styles.pinCell} ${i < value.length ? styles.pinFilled : ''} ${error ? styles.pinError : ''}`} />
          ))}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.pinErrorText} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
