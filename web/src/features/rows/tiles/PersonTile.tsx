import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import type { Person, PersonRef } from '../types';
import { TileImage } from './TileImage';
import styles from './Tiles.module.css';

export const personPath = (p: Pick<Person, 'id' | 'slug'>) => `/persons/${encodeURIComponent(p.slug || String(p.id))}`;

/** Roles the interface names (spec 3 Person: director, actor, producer, ...). */
const ROLES = new Set(['director', 'actor', 'producer', 'writer', 'composer', 'presenter', 'editor']);

/** A person tile (spec 2 person template): portrait, name, role; opens /persons/{slug} over the page. */
export function PersonTile({ person: p, eager }: { person: Person | PersonRef; eager?: boolean }) {
  const { t } = useTranslation();
  const state = useModalPageState();
  const image = ('image_url' in p && p.image_url) || p.image;
  const role = p.role && ROLES.has(p.role) ? t(`rows.role.${p.role as 'actor'}`) : '';
  return (
    <Link to={personPath(p)} state={state} className={`${styles.tile} ${styles.person}`} data-person-id={p.id} draggable={false}>
      <span className={styles.media}>
        <TileImage src={image} width={168} height={224} stubText={p.name} eager={eager} />
      </span>
      <span className={styles.title}>{p.name}</span>
      {role && <span className={styles.meta}>{role}</span>}
    </Link>
  );
}
