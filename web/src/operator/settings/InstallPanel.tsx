import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '@/shared/i18n/language';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { useAction } from '../ui/useAction';
import { QueryState } from '../ui/QueryState';
import { previewPage } from './api';
import { Field } from './Field';
import { InstallPictures } from './InstallPictures';
import {
  builtInText,
  installKeys,
  installQuery,
  ownText,
  setDeviceHidden,
  writeInstallText,
  type InstallDeviceSettings,
  type InstallSettings,
} from './installApi';
import local from './settings.module.css';

/**
 * The install instructions viewers see in the how-to-install dialog and on the /manual
 * pages: per device, shown or hidden, and its steps in Markdown per language (none: the
 * built-in text shows). Pictures are uploaded below and pasted in as Markdown.
 */
export function InstallPanel() {
  const { t } = useTranslation('operator-settings');
  const { i18n } = useTranslation();
  const install = useQuery(installQuery());
  const [lang, setLang] = useState(() => (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'ru');
  const title = useId();
  return (
    <section className={styles.panel} aria-labelledby={title} data-panel="install">
      <h2 id={title}>{t('install.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('install.intro')}</p>
      {!install.data ? (
        <QueryState error={install.error} onRetry={() => void install.refetch()} />
      ) : (
        <>
          <Field label={t('install.language')} className={local.narrow}>
            {(p) => (
              <select {...p} className={styles.select} value={lang} onChange={(e) => setLang(e.target.value)}>
                {LANGUAGES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {install.data.devices.map((d) => (
            // Keyed by language too: switching language starts from that language's text.
            <DeviceEditor key={`${d.device}:${lang}`} device={d} lang={lang} />
          ))}
          <InstallPictures pictures={install.data.pictures} />
        </>
      )}
    </section>
  );
}

const BRAND_NAMES: Record<string, string> = { dune: 'Dune HD', tvip: 'TVIP', eltex: 'Eltex', mag: 'MAG' };

function DeviceEditor({ device, lang }: { device: InstallDeviceSettings; lang: string }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const saved = ownText(device, lang);
  const [text, setText] = useState(saved);
  const { pending, status, error, setError, run } = useAction();
  const [preview, setPreview] = useState<string | null>(null);
  const ids = { title: useId(), preview: useId() };
  const name = BRAND_NAMES[device.device] ?? t(device.device === 'smarttv' ? 'install.devices.smarttv' : 'install.devices.mobile');
  const own = device.texts.length > 0;

  const update = (next: InstallSettings['devices'][number]) =>
    client.setQueryData(installKeys.all, (old: InstallSettings | undefined) =>
      old ? { ...old, devices: old.devices.map((d) => (d.device === next.device ? next : d)) } : old,
    );

  const save = () =>
    run(async () => {
      const answer = await writeInstallText(device.device, lang, text);
      const texts = device.texts.filter((x) => x.lang !== lang);
      if (answer.markdown) texts.push({ device: device.device, lang, markdown: answer.markdown, updated_at: answer.updated_at });
      update({ ...device, texts });
      setText(answer.markdown);
    }, text.trim() ? t('install.saved') : t('install.removed'));

  const toggle = (hidden: boolean) =>
    run(async () => {
      update(await setDeviceHidden(device.device, hidden));
    }, hidden ? t('install.hiddenNow') : t('install.shownNow'));

  const showPreview = async () => {
    try {
      setPreview((await previewPage(text || builtInText(device, lang))).html);
    } catch (e) {
      setError(errorText(tc, e));
    }
  };

  return (
    <section className={local.installDevice} aria-labelledby={ids.title} data-device={device.device}>
      <h3 id={ids.title}>{name}</h3>
      <label className={local.check}>
        <input type="checkbox" checked={!device.hidden} disabled={pending} onChange={(e) => void toggle(!e.target.checked)} />
        {t('install.shown')}
      </label>
      <p className={`${styles.muted} ${styles.small}`}>{own ? t('install.usesOwn') : t('install.usesBuiltIn')}</p>
      <Field label={t('install.text', { device: name, language: LANGUAGE_NAMES[lang as keyof typeof LANGUAGE_NAMES] ?? lang })} hint={t('install.textHint')}>
        {(p) => (
          <textarea
            {...p}
            className={`${styles.input} ${local.textarea}`}
            rows={8}
            value={text}
            maxLength={100_000}
            placeholder={builtInText(device, lang)}
            onChange={(e) => {
              setText(e.target.value);
              setPreview(null);
            }}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <Button type="button" size="small" aria-disabled={pending || text === saved || undefined} onClick={() => !pending && text !== saved && void save()}>
          {t('install.save')}
        </Button>
        {!text && (
          <Button type="button" size="small" variant="secondary" onClick={() => setText(builtInText(device, lang))}>
            {t('install.startFromBuiltIn')}
          </Button>
        )}
        <Button
          type="button"
          size="small"
          variant="secondary"
          aria-expanded={preview !== null}
          aria-controls={ids.preview}
          onClick={() => (preview !== null ? setPreview(null) : void showPreview())}
        >
          {preview !== null ? t('fields.hidePreview') : t('fields.preview')}
        </Button>
      </div>
      <div id={ids.preview} aria-live="polite">
        {preview !== null && (
          <article className={local.preview} aria-label={t('fields.previewOf', { page: name })}>
            {/* The server's rendering: raw HTML dropped, links and pictures limited to safe addresses. */}
            <div dangerouslySetInnerHTML={{ __html: preview }} />
          </article>
        )}
      </div>
      <p role="status" className={styles.note}>
        {status}
      </p>
      {error && (
        <p className={`${styles.errorText} ${styles.small}`} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
