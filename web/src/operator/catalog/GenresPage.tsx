import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { catalogKeys, createGenre, genresQuery, patchGenre, type Genre } from './api';
import { CatalogNav } from './CatalogNav';
import { SmallField } from './fields';

interface Fields {
  name: string;
  name_en: string;
  sort: string;
}
const empty: Fields = { name: '', name_en: '', sort: '0' };

/** Genres: add one, rename one, set their order. */
export default function GenresPage() {
  const { t } = useTranslation('operator-catalog');
  const list = useQuery(genresQuery());
  const [editing, setEditing] = useState<Genre | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useTitle(t('genres.title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('genres.title')}</h1>
      </div>
      <CatalogNav />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <GenreForm
        key={editing?.id ?? 'new'}
        genre={editing}
        onDone={(g) => {
          setEditing(null);
          if (g) setAnnouncement(t('genres.saved', { name: g.name }));
        }}
      />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('genres.empty')}</p>
      ) : (
        <TableFrame label={t('genres.caption')}>
          <table className={styles.table}>
            <caption>{t('genres.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('genres.name')}</th>
                <th scope="col">{t('genres.nameEn')}</th>
                <th scope="col">{t('genres.sort')}</th>
                <th scope="col">{t('genres.contents')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('genres.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((g) => (
                <tr key={g.id}>
                  <th scope="row">{g.name}</th>
                  <td>{g.name_en || '—'}</td>
                  <td className={styles.num}>{g.sort}</td>
                  <td className={styles.num}>{g.contents}</td>
                  <td>
                    <Button variant="secondary" size="small" aria-label={t('genres.editGenre', { name: g.name })} onClick={() => setEditing(g)}>
                      {t('genres.edit')}
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

function GenreForm({ genre, onDone }: { genre: Genre | null; onDone: (g: Genre | null) => void }) {
  const { t } = useTranslation('operator-catalog');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [f, setF] = useState<Fields>(genre ? { name: genre.name, name_en: genre.name_en, sort: String(genre.sort) } : empty);
  const titleId = useId();
  const save = useMutation({
    mutationFn: () => {
      const body = { name: f.name.trim(), name_en: f.name_en.trim(), sort: Number(f.sort) || 0 };
      return genre ? patchGenre(genre.id, body) : createGenre(body);
    },
    onSuccess: (g) => {
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setF(empty);
      onDone(g);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.name.trim()) save.mutate();
  };
  const heading = genre ? t('genres.editGenre', { name: genre.name }) : t('genres.add');
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{heading}</h2>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <SmallField label={t('genres.name')} value={f.name} onChange={(v) => setF({ ...f, name: v })} maxLength={100} grow />
        <SmallField label={t('genres.nameEn')} value={f.name_en} onChange={(v) => setF({ ...f, name_en: v })} maxLength={100} hint={t('genres.nameEnHint')} grow />
        <SmallField label={t('genres.sort')} value={f.sort} onChange={(v) => setF({ ...f, sort: v })} type="number" />
        <Button type="submit" size="small" className={styles.besideField} disabled={save.isPending || !f.name.trim()}>
          {genre ? t('genres.save') : t('genres.add')}
        </Button>
        {genre && (
          <Button variant="secondary" size="small" className={styles.besideField} onClick={() => onDone(null)}>
            {t('genres.cancel')}
          </Button>
        )}
      </form>
      <FormError message={save.error ? errorText(tc, save.error) : null} />
    </section>
  );
}
