import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { LANGUAGE_NAMES, LANGUAGES } from '@/shared/i18n/language';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { PAGE_KINDS, patchSettings, putPage, settingsKeys, type OperatorPage, type OperatorSettings, type PageKind } from './api';
import { Field } from './Field';
import { errorFor, formValues, messengerError, patchOf, type FormValues } from './form';
import { PagesFields, pageKey } from './PagesFields';
import local from './settings.module.css';

/**
 * One form, one Save: the settings (PATCH) and then the pages changed in it (PUT each).
 * A refusal shows at each field the server named.
 */
export function SettingsForm({ settings, pages }: { settings: OperatorSettings; pages: OperatorPage[] }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => formValues(settings));
  const stored = Object.fromEntries(pages.map((p) => [pageKey(p.kind, p.lang), p.markdown]));
  const [saved, setSaved] = useState<Record<string, string>>(stored);
  const [drafts, setDrafts] = useState<Record<string, string>>(stored);
  const [pageLang, setPageLang] = useState(settings.languages[0] ?? 'ru');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const ids = { brand: useId(), signIn: useId(), money: useId(), support: useId(), access: useId(), languages: useId(), analytics: useId() };

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const fieldError = (field: string) => errorFor(error, field);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setStatus('');
    try {
      const answer = await patchSettings(patchOf(values));
      client.setQueryData(settingsKeys.settings(), answer);
      setValues(formValues(answer));
      const changed = Object.entries(drafts).filter(([key, text]) => (saved[key] ?? '') !== text);
      const now = { ...saved };
      for (const [key, text] of changed) {
        const [kind, lang] = key.split(':') as [PageKind, string];
        const page = await putPage(kind, lang, text);
        now[key] = page.markdown;
      }
      setSaved(now);
      if (changed.length) void client.invalidateQueries({ queryKey: settingsKeys.pages() });
      setStatus(t('saved'));
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  const text = (key: keyof FormValues, label: string, opts: { hint?: string; type?: string; field?: string; wide?: boolean; max?: number } = {}) => (
    <Field label={label} hint={opts.hint} error={fieldError(opts.field ?? key)} className={opts.wide ? styles.grow : local.narrow}>
      {(p) => (
        <input
          {...p}
          className={styles.input}
          type={opts.type ?? 'text'}
          value={values[key] as string}
          maxLength={opts.max ?? 200}
          onChange={(e) => set(key, e.target.value as never)}
        />
      )}
    </Field>
  );

  const swatch = (color: string) =>
    /^#[0-9a-fA-F]{6}$/.test(color.trim()) ? <span className={local.swatch} style={{ background: color.trim() }} aria-hidden="true" /> : null;

  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate aria-label={t('title')}>
      <section className={styles.panel} aria-labelledby={ids.brand}>
        <h2 id={ids.brand}>{t('sections.brand')}</h2>
        <div className={styles.formRow}>
          {text('name', t('fields.name'), { wide: true, max: 100 })}
          <div className={local.colorField}>
            {text('accent_color', t('fields.accentColor'), { hint: t('fields.accentHint'), max: 7 })}
            {swatch(values.accent_color)}
          </div>
          <div className={local.colorField}>
            {text('button_color', t('fields.buttonColor'), { hint: t('fields.buttonHint'), max: 7 })}
            {swatch(values.button_color)}
          </div>
        </div>
      </section>

      <section className={styles.panel} aria-labelledby={ids.signIn}>
        <h2 id={ids.signIn}>{t('sections.signIn')}</h2>
        <div className={styles.formRow}>
          {text('phone_mask', t('fields.phoneMask'), { hint: t('fields.phoneMaskHint'), max: 40 })}
          {text('phone_otp_length', t('fields.otpLength'), { hint: t('fields.otpHint'), type: 'number', max: 1 })}
          {text('device_limit', t('fields.deviceLimit'), { hint: t('fields.deviceHint'), type: 'number', max: 3 })}
          {text('stream_limit', t('fields.streamLimit'), { hint: t('fields.streamHint'), type: 'number', max: 3 })}
        </div>
        <label className={local.check}>
          <input type="checkbox" checked={values.guest_allowed} onChange={(e) => set('guest_allowed', e.target.checked)} />
          {t('fields.guests')}
        </label>
      </section>

      <section className={styles.panel} aria-labelledby={ids.money}>
        <h2 id={ids.money}>{t('sections.languages')}</h2>
        <fieldset className={local.fieldset} aria-describedby={fieldError('languages') ? `${ids.languages}-error` : undefined}>
          <legend className={styles.label}>{t('fields.languages')}</legend>
          <div className={local.checks}>
            {LANGUAGES.map((l) => (
              <label key={l} className={local.check} lang={l}>
                <input
                  type="checkbox"
                  checked={values.languages.includes(l)}
                  onChange={(e) =>
                    // The order is the operator's: the first is its main language.
                    set('languages', e.target.checked ? [...values.languages.filter((x) => x !== l), l] : values.languages.filter((x) => x !== l))
                  }
                />
                {LANGUAGE_NAMES[l]}
              </label>
            ))}
          </div>
          {fieldError('languages') && (
            <span id={`${ids.languages}-error`} className={`${styles.errorText} ${styles.small}`}>
              {fieldError('languages')}
            </span>
          )}
        </fieldset>
        <div className={styles.formRow}>
          {text('currency', t('fields.currency'), { hint: t('fields.currencyHint'), max: 3 })}
          {text('currency_symbol', t('fields.currencySymbol'), { max: 8 })}
        </div>
      </section>

      <section className={styles.panel} aria-labelledby={ids.support}>
        <h2 id={ids.support}>{t('sections.support')}</h2>
        <div className={styles.formRow}>
          {text('support_phone', t('fields.supportPhone'), { type: 'tel', field: 'support.phone', max: 32 })}
          {text('support_email', t('fields.supportEmail'), { type: 'email', field: 'support.email', max: 254 })}
          {text('support_url', t('fields.supportUrl'), { type: 'url', field: 'support.url', wide: true, max: 500 })}
        </div>
        <fieldset className={local.fieldset}>
          <legend className={styles.label}>{t('fields.messengers')}</legend>
          {values.messengers.map((m, i) => (
            <div key={i} className={styles.formRow}>
              <Field label={t('fields.messenger', { n: i + 1 })} error={messengerError(error, i, 'name')} className={local.narrow}>
                {(p) => (
                  <input
                    {...p}
                    className={styles.input}
                    value={m.name}
                    maxLength={40}
                    onChange={(e) => set('messengers', values.messengers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                  />
                )}
              </Field>
              <Field label={t('fields.messengerLink', { n: i + 1 })} error={messengerError(error, i, 'url')} className={styles.grow}>
                {(p) => (
                  <input
                    {...p}
                    className={styles.input}
                    value={m.url}
                    maxLength={500}
                    placeholder="https://t.me/…"
                    onChange={(e) => set('messengers', values.messengers.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
                  />
                )}
              </Field>
              <Button
                type="button"
                size="small"
                variant="secondary"
                className={styles.besideField}
                onClick={() => set('messengers', values.messengers.filter((_, j) => j !== i))}
              >
                {t('fields.removeMessenger', { n: i + 1 })}
              </Button>
            </div>
          ))}
          {values.messengers.length < 10 && (
            <div>
              <Button type="button" size="small" variant="secondary" onClick={() => set('messengers', [...values.messengers, { name: '', url: '' }])}>
                {t('fields.addMessenger')}
              </Button>
            </div>
          )}
        </fieldset>
      </section>

      <section className={styles.panel} aria-labelledby={ids.access}>
        <h2 id={ids.access}>{t('sections.access')}</h2>
        {text('allowed_countries', t('fields.countries'), { hint: t('fields.countriesHint'), wide: true, max: 1000 })}
        {text('stat_retention_days', t('fields.retention'), { hint: t('fields.retentionHint'), type: 'number', max: 4 })}
        <Field label={t('fields.networks')} hint={t('fields.networksHint')} error={fieldError('networks')}>
          {(p) => (
            <textarea
              {...p}
              className={`${styles.input} ${local.textarea}`}
              rows={5}
              spellCheck={false}
              value={values.networks}
              onChange={(e) => set('networks', e.target.value)}
            />
          )}
        </Field>
      </section>

      <section className={styles.panel} aria-labelledby={ids.analytics}>
        <h2 id={ids.analytics}>{t('sections.analytics')}</h2>
        {text('counter_url', t('fields.counterUrl'), { hint: t('fields.counterUrlHint'), type: 'url', wide: true, max: 500 })}
        {text('sentry_dsn', t('fields.sentryDsn'), { hint: t('fields.sentryDsnHint'), type: 'url', wide: true, max: 500 })}
      </section>

      <PagesFields
        lang={pageLang}
        onLang={setPageLang}
        drafts={drafts}
        onDraft={(key, text) => setDrafts((d) => ({ ...d, [key]: text }))}
        kinds={PAGE_KINDS}
      />

      <FormError message={error ? (isApiError(error) && error.status === 400 && Object.keys(error.detail).length ? t('checkFields') : errorText(tc, error)) : null} />
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={pending || undefined}>
          {t('save')}
        </Button>
        <p role="status" className={styles.note}>
          {pending ? t('saving') : status}
        </p>
      </div>
    </form>
  );
}
