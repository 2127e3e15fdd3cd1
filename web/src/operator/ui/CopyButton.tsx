import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from './console.module.css';

type State = 'idle' | 'copied' | 'failed';

/** Copies a text to the clipboard and says so to screen readers too. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('operator');
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const id = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(id);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={styles.copy}>
      <Button variant="secondary" size="small" onClick={() => void copy()}>
        {label ?? t('common.copy')}
      </Button>
      <span role="status" className={state === 'failed' ? styles.errorText : styles.muted}>
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyFailed') : ''}
      </span>
    </span>
  );
}
