import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { Button, ButtonLink, ErrorState, Spinner } from '@/shared/ui';
import { isMissingError } from './api';
import styles from './States.module.css';

export type MissingKind = 'content' | 'generic';

/**
 * The not-found state inside the catalogue's modal pages (spec 2 "404 page": '404', a
 * message by type, a link to the main page); the route-level page is app/routes/NotFoundPage.
 */
export function MissingState({ kind = 'content', text }: { kind?: MissingKind; text?: string }) {
  const { t } = useTranslation();
  const message = text ?? t(`notFound.${kind}`);
  useDocumentMeta({ title: `${t('notFound.code')} · ${message}`, noindex: true });
  return (
    <section className={styles.missing} aria-labelledby="missing-title" data-state="not-found">
      <p className={styles.missingCode} aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="missing-title">{message}</h1>
      <ButtonLink to="/">{t('app.toHome')}</ButtonLink>
    </section>
  );
}

/**
 * Loading, not found and other failures of a catalogue call, one way everywhere. Spec 8: a
 * content error other than 404 shows the 'content not found' page too, unless a retry can help.
 */
export function QueryState({ error, onRetry, kind = 'content', missingText }: { error: unknown; onRetry(): void; kind?: MissingKind; missingText?: string }) {
  const { t } = useTranslation();
  if (!error) return <Spinner label={t('app.loading')} />;
  if (isMissingError(error)) return <MissingState kind={kind} text={missingText} />;
  return (
    <ErrorState
      title={t('content.loadError')}
      text={errorMessage(t, error)}
      actions={<Button onClick={onRetry}>{t('content.retry')}</Button>}
    />
  );
}
