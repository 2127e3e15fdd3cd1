import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import {
  MAX_IMAGE_BYTES,
  PAGE_SIZE,
  catalogKeys,
  createPerson,
  dropPersonPicture,
  fileToBase64,
  patchPerson,
  personsQuery,
  uploadPersonPicture,
  type Person,
} from './api';
import { CatalogNav } from './CatalogNav';
import own from './catalog.module.css';
import { FileField, SmallField } from './fields';

interface Fields {
  name: string;
  original_name: string;
  bio: string;
}
const empty: Fields = { name: '', original_name: '', bio: '' };

/** Persons: found by name, added and edited (name, original name, biography, picture). */
export default function PersonsPage() {
  const { t } = useTranslation('operator-catalog');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const list = useQuery(personsQuery(q, page));
  const [editing, setEditing] = useState<Person | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const searchId = useId();
  useTitle(t('persons.title'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const go = (p: number) => setParams({ ...(q ? { q } : {}), page: String(p) });

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('persons.title')}</h1>
      </div>
      <CatalogNav />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <PersonForm
        key={editing?.id ?? 'new'}
        person={editing}
        onDone={(p) => {
          setEditing(null);
          if (p) setAnnouncement(t('persons.saved', { name: p.name }));
        }}
      />
      <form role="search" className={`${styles.panel} ${styles.formRow}`} onSubmit={submit}>
        <div className={`${styles.control} ${styles.grow}`}>
          <label htmlFor={searchId} className={styles.label}>
            {t('persons.search')}
          </label>
          <input id={searchId} className={styles.input} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={200} autoComplete="off" />
        </div>
        <Button type="submit" size="small" className={styles.besideField}>
          {t('persons.searchButton')}
        </Button>
      </form>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className={styles.notice} role="status">
          {t('persons.empty')}
        </p>
      ) : (
        <>
          <TableFrame label={t('persons.caption')}>
            <table className={styles.table}>
              <caption>{t('persons.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('persons.name')}</th>
                  <th scope="col">{t('persons.originalName')}</th>
                  <th scope="col">{t('persons.contents')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('persons.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{p.name}</th>
                    <td>{p.original_name || '—'}</td>
                    <td className={styles.num}>{p.contents}</td>
                    <td>
                      <Button variant="secondary" size="small" aria-label={t('persons.editPerson', { name: p.name })} onClick={() => setEditing(p)}>
                        {t('persons.edit')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <nav className={styles.actions} aria-label={t('list.pages')}>
            <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => go(page - 1)}>
              ← {t('list.prev')}
            </Button>
            <span aria-current="page">{t('list.page', { page })}</span>
            <Button variant="secondary" size="small" disabled={page * PAGE_SIZE >= list.data.total} onClick={() => go(page + 1)}>
              {t('list.next')} →
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function PersonForm({ person, onDone }: { person: Person | null; onDone: (p: Person | null) => void }) {
  const { t } = useTranslation('operator-catalog');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [f, setF] = useState<Fields>(person ? { name: person.name, original_name: person.original_name, bio: person.bio } : empty);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | null>(null);
  const [imageURL, setImageURL] = useState(person?.image_url ?? '');
  const ids = { title: useId(), bio: useId() };
  const save = useMutation({
    mutationFn: async () => {
      const body = { name: f.name.trim(), original_name: f.original_name.trim(), bio: f.bio.trim() };
      const saved = person ? await patchPerson(person.id, body) : await createPerson(body);
      return file ? uploadPersonPicture(saved.id, await fileToBase64(file)) : saved;
    },
    onSuccess: (p) => {
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setF(empty);
      onDone(p);
    },
  });
  const drop = useMutation({
    mutationFn: () => dropPersonPicture(person!.id),
    onSuccess: (p) => {
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setImageURL(p.image_url);
    },
  });
  const pick = (picked: File | undefined) => {
    const tooLarge = !!picked && picked.size > MAX_IMAGE_BYTES;
    setFileError(tooLarge ? t('editor.tooLarge') : null);
    setFile(picked && !tooLarge ? picked : undefined);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (f.name.trim() && !fileError) save.mutate();
  };
  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{person ? t('persons.editPerson', { name: person.name }) : t('persons.add')}</h2>
      <form className={styles.formRow} onSubmit={submit} noValidate>
        <SmallField label={t('persons.name')} value={f.name} onChange={(v) => setF({ ...f, name: v })} maxLength={200} grow />
        <SmallField label={t('persons.originalName')} value={f.original_name} onChange={(v) => setF({ ...f, original_name: v })} maxLength={200} grow />
        <div className={`${styles.control} ${own.wide}`} style={{ flexBasis: '100%' }}>
          <label htmlFor={ids.bio} className={styles.label}>
            {t('persons.bio')}
          </label>
          <textarea id={ids.bio} className={`${styles.input} ${own.textarea}`} value={f.bio} onChange={(e) => setF({ ...f, bio: e.target.value })} maxLength={10000} />
        </div>
        <div className={styles.control}>
          {imageURL && <img src={imageURL} alt={t('persons.picturePreview', { name: person?.name ?? '' })} className={own.preview} />}
          <FileField label={t('persons.picture')} error={fileError} onPick={pick} />
          {person && imageURL && (
            <Button variant="secondary" size="small" disabled={drop.isPending} onClick={() => drop.mutate()}>
              {t('persons.removePicture')}
            </Button>
          )}
        </div>
        <Button type="submit" size="small" disabled={save.isPending || !f.name.trim()}>
          {person ? t('persons.save') : t('persons.add')}
        </Button>
        {person && (
          <Button variant="secondary" size="small" onClick={() => onDone(null)}>
            {t('persons.cancel')}
          </Button>
        )}
      </form>
      <FormError message={save.error ? errorText(tc, save.error) : drop.error ? errorText(tc, drop.error) : null} />
    </section>
  );
}
