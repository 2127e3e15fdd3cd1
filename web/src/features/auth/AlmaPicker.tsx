import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormError } from '@/shared/ui';
import styles from './AuthModal.module.css';

interface Option {
  key: string;
  label: string;
}

/**
 * The city and address pickers of the Alma flow: one radio group and a continue button
 * (keyboard: arrows move within the group, Enter submits).
 */
export function AlmaPicker({
  legend,
  options,
  error,
  pending,
  onChoose,
  onBack,
}: {
  legend: string;
  options: Option[];
  error: string | null;
  pending: boolean;
  onChoose: (key: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(options.length === 1 ? options[0]!.key : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (chosen !== null && !pending) onChoose(chosen);
  }

  return (
    <form onSubmit={submit} className={styles.form}>
      <FormError message={error} />
      <fieldset className={styles.choices}>
        <legend>{legend}</legend>
        {options.length === 0 && <p className={styles.muted}>{t('auth.alma.empty')}</p>}
        {options.map((o, i) => (
          <label key={o.key} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={o.key}
              checked={chosen === o.key}
              onChange={() => setChosen(o.key)}
              data-autofocus={i === 0 ? true : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={chosen === null || pending} className={styles.wide}>
        {pending ? t('auth.submitting') : t('auth.alma.continue')}
      </Button>
      <div className={styles.row}>
        <button type="button" className={styles.link} onClick={onBack}>
          {t('auth.code.changeNumber')}
        </button>
      </div>
    </form>
  );
}
