import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { LANGUAGE_NAMES, LANGUAGES } from '@/shared/i18n/language';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { previewPage, type PageKind } from './api';
import { Field } from './Field';
import local from './settings.module.css';

export const pageKey = (kind: PageKind, lang: string) => `${kind}:${lang}`;

const LABELS = { terms: 'fields.terms', privacy: 'fields.privacy', faq: 'fields.faq' } as const;

/** The operator's pages in Markdown, one language at a time (drafts of every language are kept). */
export function PagesFields({
  lang,
  onLang,
  drafts,
  onDraft,
  kinds,
}: {
  lang: string;
  onLang: (lang: string) => void;
  drafts: Record<string, string>;
  onDraft: (key: string, text: string) => void;
  kinds: readonly PageKind[];
}) {
  const { t } = useTranslation('operator-settings');
  const title = useId();
  return (
    <section className={styles.panel} aria-labelledby={title}>
      <h2 id={title}>{t('sections.pages')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('fields.pagesHint')}</p>
      <Field label={t('fields.pagesLanguage')} className={local.narrow}>
        {(p) => (
          <select {...p} className={styles.select} value={lang} onChange={(e) => onLang(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {kinds.map((kind) => (
        <PageField
          key={kind}
          label={t(LABELS[kind])}
          value={drafts[pageKey(kind, lang)] ?? ''}
          onChange={(text) => onDraft(pageKey(kind, lang), text)}
        />
      ))}
    </section>
  );
}

function PageField({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const [preview, setPreview] = useState<{ html: string } | { error: unknown } | null>(null);
  const previewId = useId();
  const show = async () => {
    try {
      setPreview(await previewPage(value));
    } catch (e) {
      setPreview({ error: e });
    }
  };
  return (
    <div className={local.page}>
      <Field label={label}>
        {(p) => (
          <textarea
            {...p}
            className={`${styles.input} ${local.textarea}`}
            rows={8}
            value={value}
            maxLength={100_000}
            onChange={(e) => {
              onChange(e.target.value);
              if (preview) setPreview(null);
            }}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <Button
          type="button"
          size="small"
          variant="secondary"
          aria-expanded={preview !== null}
          aria-controls={previewId}
          onClick={() => (preview ? setPreview(null) : void show())}
        >
          {preview ? t('fields.hidePreview') : t('fields.preview')}
        </Button>
      </div>
      <div id={previewId} aria-live="polite">
        {preview && 'html' in preview && (
          <article className={local.preview} aria-label={t('fields.previewOf', { page: label })}>
            {/* The server's rendering: raw HTML dropped, links limited to safe addresses. */}
            <div dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        )}
        {preview && 'error' in preview && (
          <p className={styles.errorText} role="alert">
            {errorText(tc, preview.error)}
          </p>
        )}
      </div>
    </div>
  );
}
