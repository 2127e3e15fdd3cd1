import { useTranslation } from 'react-i18next';
import type en from '../../../public/locales/en/translation.json';
import { useBrandName } from '@/shared/api';
import { ButtonLink } from '@/shared/ui';
import styles from './SectionPage.module.css';

export type SectionKey = keyof (typeof en)['sections'];

/**
 * The page of an area whose screens land in a later issue: its translated name, what it
 * holds and a way home. A route switches from this to the area's screen by changing its
 * element in routeTable.tsx.
 */
export default function SectionPage({ section, inModal = false }: { section: SectionKey; inModal?: boolean }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  return (
    <section className={inModal ? undefined : styles.section} aria-labelledby={inModal ? undefined : 'section-title'} data-section={section}>
      {!inModal && (
        <>
          <p className={styles.eyebrow}>{brand}</p>
          <h1 id="section-title">{t(`sections.${section}.title`)}</h1>
        </>
      )}
      <p className={styles.text}>{t(`sections.${section}.text`)}</p>
      <ButtonLink to="/" variant="secondary">
        {t('app.toHome')}
      </ButtonLink>
    </section>
  );
}
