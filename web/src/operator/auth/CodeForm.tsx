import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import type { StaffLoginAnswer } from '../api/types';
import { keepsSession } from '../session/queryClient';
import { errorText } from '../ui/errorText';
import { TextField } from '../ui/TextField';
import { codeLooksWrong, normaliseCode } from './api';
import styles from './auth.module.css';

/**
 * One field for a code and its submit: the authenticator's 6 digits, or (when
 * `recovery`) one of the recovery codes instead.
 */
export function CodeForm({
  send,
  onAnswer,
  recovery,
  submitLabel,
  extra,
}: {
  send: (code: string) => Promise<StaffLoginAnswer>;
  onAnswer: (answer: StaffLoginAnswer) => void;
  recovery: boolean;
  submitLabel: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('operator');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: send, onSuccess: onAnswer, meta: keepsSession });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = normaliseCode(code);
    if (!value) return setFieldError(t('login.required'));
    if (codeLooksWrong(value, recovery)) return setFieldError(t('login.codeDigits'));
    setFieldError(null);
    mutation.mutate(value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('login.code')}
        hint={recovery ? t('login.codeHint') : undefined}
        error={fieldError}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        required
      />
      <FormError message={mutation.error ? errorText(t, mutation.error) : null} />
      <div className={styles.buttons}>
        <Button type="submit" disabled={mutation.isPending}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
