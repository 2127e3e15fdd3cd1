import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CollapsibleText, FavoriteButton, QueryState, useFavoriteSwitch, usePageMeta } from '@/features/content';
import { ContentTile, TileGrid, TileImage } from '@/features/rows';
import type { Person } from './api';
import { usePerson } from './queries';
import { contentsCount, filledSections, personNoindex } from './rules';
import styles from './Persons.module.css';

/** /persons/{slug or id} (a modal page, spec 2 "Person page"). */
export function PersonPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const person = usePerson(id);
  if (!person.data) return <QueryState error={person.error} onRetry={() => void person.refetch()} missingText={t('persons.notFound')} />;
  return <PersonView key={person.data.id} person={person.data} />;
}

function PersonView({ person: p }: { person: Person }) {
  const { t } = useTranslation();
  usePageMeta({ mask: '/persons/*', name: p.name, description: p.bio, canonical: `/persons/${p.slug || p.id}`, image: p.image_url || p.image, noindex: personNoindex(p) });
  const favorite = useFavoriteSwitch('person', p.id, p.is_favorite ?? false);
  const count = contentsCount(p);
  const sections = filledSections(p);
  const image = p.image_url || p.image;
  return (
    <article className={styles.page} data-person-id={p.id}>
      <header className={styles.head}>
        <div className={styles.photo}>
          <TileImage src={image} width={240} height={320} stubText={p.name} eager />
        </div>
        <div className={styles.headText}>
          <h1 className={styles.name}>{p.name}</h1>
          {p.original_name && p.original_name !== p.name ? <p className={styles.original}>{p.original_name}</p> : null}
          <p className={styles.count} data-testid="person-count">
            {t('persons.films', { count })}
          </p>
          <div className={styles.actions}>
            <FavoriteButton {...favorite} onToggle={() => void favorite.toggle()} />
          </div>
          <CollapsibleText
            text={p.bio}
            className={styles.bio}
            moreLabel={t('persons.more')}
            lessLabel={t('persons.less')}
            heading={<h2 className="visually-hidden">{t('persons.bio')}</h2>}
          />
        </div>
      </header>
      {sections.map((s) => (
        <section key={s} className={styles.section} aria-labelledby={`person-${s}`} data-section={s}>
          <h2 id={`person-${s}`} className={styles.sectionTitle}>
            {t(`persons.section.${s}`)}
          </h2>
          <TileGrid labelledBy={`person-${s}`}>
            {(p.sections?.[s] ?? []).map((c) => (
              <ContentTile key={c.id} content={c} />
            ))}
          </TileGrid>
        </section>
      ))}
      {sections.length === 0 && <p className={styles.muted}>{t('persons.noContents')}</p>}
    </article>
  );
}

