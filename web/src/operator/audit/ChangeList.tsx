import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../api/types';
import styles from './audit.module.css';
import { fieldChanges } from './changes';

/** What an entry changed, one field a line: was → now. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('operator');
  const changes = fieldChanges(entry.before, entry.after);
  const tag = !entry.before && entry.after ? t('audit.created') : entry.before && !entry.after ? t('audit.deleted') : null;
  if (changes.length === 0 && !tag) return <span className={styles.quiet}>{entry.before || entry.after ? t('audit.noChanges') : t('common.none')}</span>;
  return (
    <div className={styles.changes}>
      {tag && <span className={styles.tag}>{tag}</span>}
      <ul>
        {changes.map((c) => (
          <li key={c.field}>
            <span className={styles.field}>{c.field}</span>
            {c.before !== undefined && (
              <del className={styles.before}>
                <span className="visually-hidden">{t('audit.was')} </span>
                {c.before}
              </del>
            )}
            {c.kind === 'changed' && (
              <span aria-hidden="true" className={styles.arrow}>
                →
              </span>
            )}
            {c.after !== undefined && (
              <ins className={styles.after}>
                <span className="visually-hidden">{t('audit.now')} </span>
                {c.after}
              </ins>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
