import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { InlineConfirm, StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TextField } from '../ui/TextField';
import { billingQuery, integrationKeys, rotateSecret, saveBilling, type BillingFields, type BillingSettings, type BillingSettingsSaved } from './api';
import { SecretPanel } from './SecretPanel';

/** The billing callback settings: address, switches, and the secret (shown once). */
export function BillingSection() {
  const { t } = useTranslation('operator-integrations');
  const settings = useQuery(billingQuery());
  return (
    <section className={styles.section} aria-labelledby="integrations-billing">
      <h2 id="integrations-billing">{t('billing.heading')}</h2>
      <p className={styles.muted}>{t('billing.intro')}</p>
      {!settings.data ? (
        <QueryState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <BillingForm settings={settings.data} />
      )}
    </section>
  );
}

function BillingForm({ settings }: { settings: BillingSettings }) {
  const { t, i18n } = useTranslation('operator-integrations');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const id = useId();
  const [fields, setFields] = useState<BillingFields>({ url: settings.url, enabled: settings.enabled, auth_fail_open: settings.auth_fail_open });
  const [secret, setSecret] = useState('');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const done = (saved: BillingSettingsSaved, text: string) => {
    if (saved.secret) setSecret(saved.secret);
    setNote(text);
    const { secret: _secret, ...view } = saved;
    client.setQueryData(integrationKeys.billing(), view);
  };
  const save = useMutation({ mutationFn: saveBilling, onSuccess: (s) => done(s, t('billing.saved')) });
  const rotate = useMutation({
    mutationFn: rotateSecret,
    onSuccess: (s) => {
      setAsking(false);
      done(s, '');
    },
  });
  const urlError = (save.error as { detail?: Record<string, string> } | null)?.detail?.url ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...fields, url: fields.url.trim() });
  };

  return (
    <>
      <form className={styles.panel} onSubmit={submit}>
        <TextField label={t('billing.url')} hint={t('billing.urlHint')} type="url" inputMode="url" maxLength={500} value={fields.url} error={urlError}
          placeholder="https://billing.example/efir" onChange={(e) => setFields({ ...fields, url: e.target.value })} />
        <div className={styles.formRow}>
          <input id={`${id}-on`} type="checkbox" checked={fields.enabled} onChange={(e) => setFields({ ...fields, enabled: e.target.checked })} />
          <label htmlFor={`${id}-on`}>{t('billing.enabled')}</label>
        </div>
        <div className={styles.formRow}>
          <input id={`${id}-open`} type="checkbox" checked={fields.auth_fail_open}
            onChange={(e) => setFields({ ...fields, auth_fail_open: e.target.checked })} />
          <label htmlFor={`${id}-open`}>{t('billing.failOpen')}</label>
        </div>
        {save.error && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, save.error)}
          </p>
        )}
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {t('billing.save')}
        </Button>
        {settings.updated_at && <p className={`${styles.small} ${styles.muted}`}>{t('billing.updated', { date: formatDateTime(settings.updated_at, i18n.language) })}</p>}
      </form>
      <StatusNote text={note} />
      <div className={styles.panel}>
        <h3>{t('billing.secret')}</h3>
        <p className={styles.small}>{settings.has_secret ? t('billing.secretSet') : t('billing.noSecret')}</p>
        {settings.has_secret &&
          (asking ? (
            <InlineConfirm
              label={t('billing.rotate')}
              question={t('billing.rotateQuestion')}
              action={t('billing.rotate')}
              busy={rotate.isPending}
              error={rotate.error ? errorText(tc, rotate.error) : null}
              onConfirm={() => rotate.mutate()}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <Button variant="secondary" size="small" onClick={() => setAsking(true)}>
              {t('billing.rotate')}
            </Button>
          ))}
      </div>
      {secret && (
        <SecretPanel heading={t('billing.secretHeading')} note={t('billing.secretNote')} label={t('billing.secret')} value={secret} onClose={() => setSecret('')} />
      )}
    </>
  );
}
