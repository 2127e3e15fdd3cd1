import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/ui';
import { Breadcrumbs, Description, Tags } from './ContentParts';
import { Hero } from './Hero';
import type { Content } from './types';
import { usePageMeta } from './usePageMeta';
import styles from './Content.module.css';

/**
 * The lost-content page (spec 8): a withdrawn content answers lost_content with its data,
 * shown as the content with a notice instead of the buttons; never indexed.
 */
export function LostContent({ content }: { content: Content }) {
  const { t } = useTranslation();
  usePageMeta({ mask: '/contents/*', name: content.title, description: content.description, noindex: true });
  return (
    <article className={styles.page} data-content-id={content.id} data-lost="true">
      <Hero content={content} trailerId={null} />
      <header className={styles.head}>
        <Breadcrumbs content={content} />
        <h1 className={styles.title}>{content.title}</h1>
        {content.original && content.original !== content.title ? <p className={styles.original}>{content.original}</p> : null}
        <Tags content={content} />
        <div className={styles.lostNotice} role="status">
          <h2>{t('content.lostTitle')}</h2>
          <p>{t('content.lostText')}</p>
          <ButtonLink to="/">{t('app.toHome')}</ButtonLink>
        </div>
      </header>
      <div className={styles.body}>
        <Description text={content.description} />
      </div>
    </article>
  );
}
