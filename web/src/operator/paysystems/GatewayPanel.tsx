import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { formatDateTime } from '../ui/format';
import { paySystemKeys, saveGateway, type GatewayName, type PaySystemsPage } from './api';

/**
 * The payment gateway and YooKassa's credentials. Saved credentials are never shown again:
 * only when they were set, and a button to replace them.
 */
export function GatewayPanel({ gateway }: { gateway: PaySystemsPage['gateway'] }) {
  const { t, i18n } = useTranslation('operator-packets');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const ids = { title: useId(), gateway: useId(), shop: useId(), secret: useId() };
  const [chosen, setChosen] = useState<GatewayName>((gateway.gateway || 'none') as GatewayName);
  const [replacing, setReplacing] = useState(false);
  const [shopId, setShopId] = useState('');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const save = useMutation({
    mutationFn: saveGateway,
    onSuccess: (answer) => {
      client.setQueryData(paySystemKeys.all, answer);
      setReplacing(false);
      setShopId('');
      setSecret('');
      setStatus(t('gateway.saved'));
    },
  });
  const hasCredentials = Boolean(gateway.credentials_set_at) || gateway.credentials_in_settings;
  const asking = chosen === 'yookassa' && (replacing || !hasCredentials);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    if (asking && (!shopId.trim() || !secret.trim())) return setProblem(t('errors.credentials'));
    setProblem(null);
    save.mutate(asking ? { gateway: chosen, shop_id: shopId.trim(), secret_key: secret.trim() } : { gateway: chosen });
  };
  const setAt = formatDateTime(gateway.credentials_set_at, i18n.language);

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('gateway.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <div className={styles.control}>
            <label htmlFor={ids.gateway} className={styles.label}>
              {t('gateway.gateway')}
            </label>
            <select id={ids.gateway} className={styles.select} value={chosen} onChange={(e) => setChosen(e.target.value as GatewayName)}>
              <option value="none">{t('gateway.none')}</option>
              <option value="sandbox">{t('gateway.sandbox')}</option>
              <option value="yookassa">{t('gateway.yookassa')}</option>
            </select>
          </div>
        </div>
        <p className={styles.small}>
          {setAt ? t('gateway.setOn', { date: setAt }) : gateway.credentials_in_settings ? t('gateway.inSettings') : t('gateway.notSet')}
        </p>
        {asking ? (
          <div className={styles.formRow}>
            <div className={styles.control}>
              <label htmlFor={ids.shop} className={styles.label}>
                {t('gateway.shopId')}
              </label>
              <input id={ids.shop} className={styles.input} value={shopId} onChange={(e) => setShopId(e.target.value)} autoComplete="off" maxLength={100} />
            </div>
            <div className={`${styles.control} ${styles.grow}`}>
              <label htmlFor={ids.secret} className={styles.label}>
                {t('gateway.secretKey')}
              </label>
              <input id={ids.secret} className={styles.input} type="password" value={secret} onChange={(e) => setSecret(e.target.value)} autoComplete="new-password" maxLength={500} />
            </div>
          </div>
        ) : (
          chosen === 'yookassa' && (
            <p>
              <Button size="small" variant="secondary" onClick={() => setReplacing(true)}>
                {t('gateway.replace')}
              </Button>
            </p>
          )
        )}
        <Button type="submit" size="small" disabled={save.isPending}>
          {t('gateway.save')}
        </Button>
      </form>
      <FormError message={problem ?? (save.error ? errorText(tc, save.error) : null)} />
      <p role="status" className={styles.small}>
        {status}
      </p>
    </section>
  );
}
