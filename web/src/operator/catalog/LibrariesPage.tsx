import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { catalogKeys, createLibrary, librariesQuery, patchLibrary, type Library } from './api';
import { CatalogNav } from './CatalogNav';
import { Check, SmallField } from './fields';

interface Fields {
  name: string;
  description: string;
  is_free: boolean;
  sort: string;
}
const empty: Fields = { name: '', description: '', is_free: false, sort: '0' };

/** Libraries: the shelves packets sell; which packets sell them is shown, set in the packets section. */
export default function LibrariesPage() {
  const { t } = useTranslation('operator-catalog');
  const list = useQuery(librariesQuery());
  const [editing, setEditing] = useState<Library | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useTitle(t('libraries.title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('libraries.title')}</h1>
      </div>
      <CatalogNav />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <LibraryForm
        key={editing?.id ?? 'new'}
        library={editing}
        onDone={(l) => {
          setEditing(null);
          if (l) setAnnouncement(t('libraries.saved', { name: l.name }));
        }}
      />
      <p className={`${styles.muted} ${styles.small}`}>{t('libraries.packetsHint')}</p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('libraries.empty')}</p>
      ) : (
        <TableFrame label={t('libraries.caption')}>
          <table className={styles.table}>
            <caption>{t('libraries.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('libraries.name')}</th>
                <th scope="col">{t('libraries.access')}</th>
                <th scope="col">{t('libraries.packets')}</th>
                <th scope="col">{t('libraries.contents')}</th>
                <th scope="col">{t('libraries.sort')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('libraries.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((l) => (
                <tr key={l.id}>
                  <th scope="row">
                    <Link to={`${paths.catalog}?library=${l.id}`}>{l.name}</Link>
                    {l.description && <div className={`${styles.muted} ${styles.small}`}>{l.description}</div>}
                  </th>
                  <td>{l.is_free ? t('libraries.freeYes') : t('libraries.paid')}</td>
                  <td>{l.packets.length ? l.packets.map((p) => p.name).join(', ') : t('libraries.noPackets')}</td>
                  <td className={styles.num}>{l.contents}</td>
                  <td className={styles.num}>{l.sort}</td>
                  <td>
                    <Button variant="secondary" size="small" aria-label={t('libraries.editLibrary', { name: l.name })} onClick={() => setEditing(l)}>
                      {t('libraries.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

function LibraryForm({ library, onDone }: { library: Library | null; onDone: (l: Library | null) => void }) {
  const { t } = useTranslation('operator-catalog');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [f, setF] = useState<Fields>(
    library ? { name: library.name, description: library.description, is_free: library.is_free, sort: String(library.sort) } : empty,
  );
  const titleId = useId();
  const save = useMutation({
    mutationFn: () => {
      const body = { name: f.name.trim(), description: f.description.trim(), is_free: f.is_free, sort: Number(f.sort) || 0 };
      return library ? patchLibrary(library.id, body) : createLibrary(body);
    },
    onSuccess: (l) => {
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setF(empty);
      onDone(l);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.name.trim()) save.mutate();
  };
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{library ? t('libraries.editLibrary', { name: library.name }) : t('libraries.add')}</h2>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <SmallField label={t('libraries.name')} value={f.name} onChange={(v) => setF({ ...f, name: v })} maxLength={100} grow />
        <SmallField label={t('libraries.description')} value={f.description} onChange={(v) => setF({ ...f, description: v })} maxLength={2000} grow />
        <SmallField label={t('libraries.sort')} value={f.sort} onChange={(v) => setF({ ...f, sort: v })} type="number" />
        <Check label={t('libraries.free')} checked={f.is_free} onChange={(v) => setF({ ...f, is_free: v })} />
        <Button type="submit" size="small" className={styles.besideField} disabled={save.isPending || !f.name.trim()}>
          {library ? t('libraries.save') : t('libraries.add')}
        </Button>
        {library && (
          <Button variant="secondary" size="small" className={styles.besideField} onClick={() => onDone(null)}>
            {t('libraries.cancel')}
          </Button>
        )}
      </form>
      <FormError message={save.error ? errorText(tc, save.error) : null} />
    </section>
  );
}
