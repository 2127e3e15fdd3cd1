import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { ButtonLink } from '@/shared/ui';
import styles from './SectionPage.module.css';

export type NotFoundKind = 'generic' | 'content' | 'channel' | 'packet';

/** The 404 page: '404', a message by type and a link to the main page; never indexed. */
export default function NotFoundPage({ kind = 'generic' }: { kind?: NotFoundKind }) {
  const { t } = useTranslation();
  useDocumentMeta({ title: `${t('notFound.code')} · ${t(`notFound.${kind}`)}`, noindex: true });
  return (
    <section className={styles.section} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title">{t(`notFound.${kind}`)}</h1>
      <ButtonLink to="/">{t('app.toHome')}</ButtonLink>
    </section>
  );
}
