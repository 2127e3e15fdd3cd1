import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { ROLES, personsQuery, type Credit, type Role } from './api';

/** The cast and crew of a content: who, in which role; persons are found by name. */
export function CreditsEditor({ credits, onChange }: { credits: Credit[]; onChange: (next: Credit[]) => void }) {
  const { t } = useTranslation('operator-catalog');
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useQuery({ ...personsQuery(deferred), enabled: deferred.length >= 2 });
  const [person, setPerson] = useState('');
  const [role, setRole] = useState<Role>('actor');
  const ids = { title: useId(), find: useId(), person: useId(), role: useId() };
  const options = deferred.length >= 2 ? (found.data?.items ?? []) : [];

  const add = () => {
    const p = options.find((o) => String(o.id) === person);
    if (!p) return;
    if (!credits.some((c) => c.person_id === p.id && c.role === role)) onChange([...credits, { person_id: p.id, name: p.name, role }]);
    setPerson('');
  };

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('credits.title')}</h2>
      {credits.length === 0 ? (
        <p className={`${styles.muted} ${styles.small}`}>{t('credits.empty')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('credits.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('credits.person')}</th>
              <th scope="col">{t('credits.role')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('credits.remove', { name: '', role: '' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {credits.map((c, i) => (
              <tr key={`${c.person_id}-${c.role}`}>
                <th scope="row">{c.name || `#${c.person_id}`}</th>
                <td>{t(`roles.${c.role}`)}</td>
                <td>
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={t('credits.remove', { name: c.name ?? '', role: t(`roles.${c.role}`) })}
                    onClick={() => onChange(credits.filter((_, j) => j !== i))}
                  >
                    ×
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.formRow}>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.find} className={styles.label}>
            {t('credits.find')}
          </label>
          <input id={ids.find} className={styles.input} type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={200} autoComplete="off" />
        </div>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={ids.person} className={styles.label}>
            {t('credits.person')}
          </label>
          <select id={ids.person} className={styles.select} value={person} onChange={(e) => setPerson(e.target.value)}>
            <option value="">{t('credits.choose')}</option>
            {options.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.original_name && p.original_name !== p.name ? `${p.name} (${p.original_name})` : p.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.role} className={styles.label}>
            {t('credits.role')}
          </label>
          <select id={ids.role} className={styles.select} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <Button size="small" variant="secondary" className={styles.besideField} disabled={!person} onClick={add}>
          {t('credits.add')}
        </Button>
      </div>
    </section>
  );
}
