import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { Field } from './Field';
import { errorFor } from './form';
import { emptyPartner, modesKey, modesQuery, patchModes, type ModesSettings, type Partner } from './modesApi';
import local from './settings.module.css';

/** The modes of running: partners and their rules, and the Telegram mini app's bot. */
export function ModesPanel() {
  const modes = useQuery(modesQuery());
  if (!modes.data) return <QueryState error={modes.error} onRetry={() => void modes.refetch()} />;
  return (
    <>
      <TelegramBotPanel modes={modes.data} />
      <PartnersPanel modes={modes.data} />
    </>
  );
}

function TelegramBotPanel({ modes }: { modes: ModesSettings }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const titleId = useId();
  const [token, setToken] = useState('');
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<unknown>(null);

  const save = async (value: string, done: string) => {
    setPending(true);
    setError(null);
    setStatus('');
    try {
      client.setQueryData(modesKey, await patchModes({ telegram_bot_token: value }));
      setToken('');
      setStatus(done);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending && token.trim()) void save(token.trim(), t('modes.telegram.saved'));
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('modes.telegram.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('modes.telegram.intro')}</p>
      <p data-testid="telegram-bot-state">
        {modes.telegram.configured ? t('modes.telegram.configured', { id: modes.telegram.bot_id }) : t('modes.telegram.none')}
      </p>
      <form onSubmit={submit} className={styles.formRow}>
        <Field label={t('modes.telegram.token')} hint={t('modes.telegram.tokenHint')} error={errorFor(error, 'telegram_bot_token')} className={styles.grow}>
          {(p) => (
            <input {...p} className={styles.input} type="password" autoComplete="off" value={token} maxLength={100} onChange={(e) => setToken(e.target.value)} />
          )}
        </Field>
        <div className={styles.actions}>
          <Button type="submit" size="small" aria-disabled={pending || !token.trim() || undefined}>
            {t('modes.telegram.save')}
          </Button>
          {modes.telegram.configured && (
            <Button type="button" size="small" variant="secondary" aria-disabled={pending || undefined} onClick={() => !pending && void save('', t('modes.telegram.removed'))}>
              {t('modes.telegram.remove')}
            </Button>
          )}
        </div>
      </form>
      <FormError message={error && !errorFor(error, 'telegram_bot_token') ? errorText(tc, error) : null} />
      <p role="status" className={styles.small}>
        {status}
      </p>
    </section>
  );
}

function PartnersPanel({ modes }: { modes: ModesSettings }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const titleId = useId();
  const [partners, setPartners] = useState<Partner[]>(modes.partners);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<unknown>(null);

  const change = (i: number, next: Partial<Partner>) => setPartners((list) => list.map((p, j) => (j === i ? { ...p, ...next } : p)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setStatus('');
    try {
      const saved = await patchModes({ partners });
      client.setQueryData(modesKey, saved);
      setPartners(saved.partners);
      setStatus(t('modes.partners.saved'));
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  const fieldError = (i: number, field: string) => errorFor(error, `partners.${i}.${field}`);
  const fieldsWrong = isApiError(error) && error.status === 400 && Object.keys(error.detail).length > 0;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('modes.partners.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('modes.partners.intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        {partners.length === 0 && <p className={styles.muted}>{t('modes.partners.none')}</p>}
        {partners.map((p, i) => (
          <fieldset key={i} className={local.fieldset} data-partner={p.id}>
            <legend>{p.name || p.id || t('modes.partners.new')}</legend>
            <div className={styles.formRow}>
              <Field label={t('modes.partners.id')} hint={t('modes.partners.idHint')} error={fieldError(i, 'id')} className={local.narrow}>
                {(a) => <input {...a} className={styles.input} value={p.id} maxLength={32} onChange={(e) => change(i, { id: e.target.value })} />}
              </Field>
              <Field label={t('modes.partners.name')} error={fieldError(i, 'name')} className={local.narrow}>
                {(a) => <input {...a} className={styles.input} value={p.name ?? ''} maxLength={100} onChange={(e) => change(i, { name: e.target.value })} />}
              </Field>
              <Field label={t('modes.partners.homeUrl')} hint={t('modes.partners.homeUrlHint')} error={fieldError(i, 'home_url')} className={styles.grow}>
                {(a) => <input {...a} className={styles.input} type="url" value={p.home_url} maxLength={500} onChange={(e) => change(i, { home_url: e.target.value })} />}
              </Field>
            </div>
            <div className={local.checks}>
              <label className={local.check}>
                <input type="checkbox" checked={p.hide_logout} onChange={(e) => change(i, { hide_logout: e.target.checked })} />
                {t('modes.partners.hideLogout')}
              </label>
              <label className={local.check}>
                <input type="checkbox" checked={p.closed_outside_webview} onChange={(e) => change(i, { closed_outside_webview: e.target.checked })} />
                {t('modes.partners.closedOutsideWebview')}
              </label>
              <label className={local.check}>
                <input
                  type="checkbox"
                  checked={p.install_notice !== null}
                  onChange={(e) => change(i, { install_notice: e.target.checked ? { variant: p.id || 'partner', delay_seconds: 0, reopen_seconds: 259200 } : null })}
                />
                {t('modes.partners.ownInstall')}
              </label>
            </div>
            {p.install_notice && (
              <div className={styles.formRow}>
                <Field label={t('modes.partners.variant')} error={fieldError(i, 'install_notice.variant')} className={local.narrow}>
                  {(a) => (
                    <input {...a} className={styles.input} value={p.install_notice!.variant} maxLength={32}
                      onChange={(e) => change(i, { install_notice: { ...p.install_notice!, variant: e.target.value } })} />
                  )}
                </Field>
                <Field label={t('modes.partners.delay')} hint={t('modes.partners.seconds')} error={fieldError(i, 'install_notice.delay_seconds')} className={local.narrow}>
                  {(a) => (
                    <input {...a} className={styles.input} type="number" min={0} value={p.install_notice!.delay_seconds}
                      onChange={(e) => change(i, { install_notice: { ...p.install_notice!, delay_seconds: Number(e.target.value) || 0 } })} />
                  )}
                </Field>
                <Field label={t('modes.partners.reopen')} hint={t('modes.partners.seconds')} error={fieldError(i, 'install_notice.reopen_seconds')} className={local.narrow}>
                  {(a) => (
                    <input {...a} className={styles.input} type="number" min={0} value={p.install_notice!.reopen_seconds}
                      onChange={(e) => change(i, { install_notice: { ...p.install_notice!, reopen_seconds: Number(e.target.value) || 0 } })} />
                  )}
                </Field>
              </div>
            )}
            <div className={styles.formRow}>
              <Field label={t('modes.partners.appOffer')} hint={t('modes.partners.appOfferHint')} error={fieldError(i, 'app_offer')} className={local.narrow}>
                {(a) => <input {...a} className={styles.input} value={p.app_offer} maxLength={32} onChange={(e) => change(i, { app_offer: e.target.value })} />}
              </Field>
              <div className={styles.actions}>
                <Button type="button" size="small" variant="secondary" onClick={() => setPartners((list) => list.filter((_, j) => j !== i))}>
                  {t('modes.partners.remove', { name: p.name || p.id })}
                </Button>
              </div>
            </div>
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button type="button" size="small" variant="secondary" onClick={() => setPartners((list) => [...list, emptyPartner()])}>
            {t('modes.partners.add')}
          </Button>
          <Button type="submit" size="small" aria-disabled={pending || undefined}>
            {t('modes.partners.save')}
          </Button>
        </div>
        <FormError message={error ? (fieldsWrong ? t('checkFields') : errorText(tc, error)) : null} />
        <p role="status" className={styles.small}>
          {status}
        </p>
      </form>
    </section>
  );
}
