import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { paths } from '../paths';
import { InlineConfirm } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { useTitle } from '../ui/useTitle';
import {
  AGES,
  CONTENT_TYPES,
  MAX_IMAGE_BYTES,
  STATUSES,
  assetsQuery,
  catalogKeys,
  contentQuery,
  createContent,
  deleteContent,
  dropArtwork,
  fileToBase64,
  genresQuery,
  librariesQuery,
  patchContent,
  uploadArtwork,
  type ArtworkKind,
  type ConsoleContent,
  type ContentInput,
  type ContentStatus,
  type ContentType,
  type Credit,
} from './api';
import { CatalogNav } from './CatalogNav';
import { ContentTable } from './CatalogPage';
import { FileField } from './fields';
import { CreditsEditor } from './CreditsEditor';
import own from './catalog.module.css';
import { TrailersEditor, type TrailerDraft } from './TrailersEditor';

/** A content's editor: /catalog/new?type=…&parent=… creates one, /catalog/:id edits it. */
export default function ContentEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const numeric = Number(id);
  const content = useQuery({ ...contentQuery(numeric), enabled: id !== undefined && numeric > 0 });
  if (id === undefined) {
    const type = CONTENT_TYPES.find((x) => x === params.get('type')) ?? 'movie';
    const parent = Number(params.get('parent')) || null;
    return <ContentForm key={`new-${type}-${parent}`} type={type} parentId={parent} />;
  }
  if (!content.data) {
    return (
      <div className={styles.page}>
        <QueryState error={content.error} onRetry={() => void content.refetch()} />
      </div>
    );
  }
  return <ContentForm key={content.data.id} content={content.data} type={content.data.type as ContentType} parentId={content.data.parent_id} />;
}

interface Draft {
  title: string;
  original_title: string;
  description: string;
  year: string;
  age: number;
  duration: string;
  season: string;
  episode: string;
  status: ContentStatus;
  library: string;
  countries: string;
  genres: number[];
  source: string;
  persons: Credit[];
  trailers: TrailerDraft[];
}

function draftOf(c: ConsoleContent | undefined): Draft {
  return {
    title: c?.title ?? '',
    original_title: c?.original_title ?? '',
    description: c?.description ?? '',
    year: c?.year ? String(c.year) : '',
    age: c?.age ?? 0,
    duration: c?.duration ? String(Math.round(c.duration / 60)) : '',
    season: c?.season ? String(c.season) : '',
    episode: c?.episode ? String(c.episode) : '',
    status: c?.status ?? 'published',
    library: c?.library_id ? String(c.library_id) : '',
    countries: (c?.countries ?? []).join(', '),
    genres: c?.genre_ids ?? [],
    source: c?.source ?? '',
    persons: c?.persons ?? [],
    trailers: (c?.trailers ?? []).map((tr) => ({ id: tr.id, title: tr.title ?? '', source: tr.source, duration: tr.duration ? String(tr.duration) : '' })),
  };
}

const int = (s: string) => (s.trim() === '' ? 0 : Number.parseInt(s.trim(), 10) || 0);

function inputOf(d: Draft, type: ContentType, parentId: number | null, creating: boolean): ContentInput {
  const body: ContentInput = {
    title: d.title.trim(),
    original_title: d.original_title.trim(),
    description: d.description.trim(),
    year: int(d.year),
    age: d.age as ContentInput['age'],
    duration: int(d.duration) * 60,
    season: int(d.season),
    episode: int(d.episode),
    status: d.status,
    library_id: d.library ? Number(d.library) : null,
    countries: d.countries
      .split(/[\s,;|]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    genre_ids: d.genres,
    source: type === 'series' || type === 'season' ? '' : d.source.trim(),
    persons: d.persons.map((p) => ({ person_id: p.person_id, role: p.role })),
    trailers: d.trailers.map((tr) => ({ ...(tr.id ? { id: tr.id } : {}), title: tr.title.trim(), source: tr.source.trim(), duration: int(tr.duration) })),
  };
  if (creating) {
    body.type = type;
    if (parentId) body.parent_id = parentId;
  }
  return body;
}

function ContentForm({ content, type, parentId }: { content?: ConsoleContent; type: ContentType; parentId: number | null }) {
  const { t } = useTranslation('operator-catalog');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = !content;
  const [draft, setDraft] = useState<Draft>(() => draftOf(content));
  const [files, setFiles] = useState<Partial<Record<ArtworkKind, File>>>({});
  const [fileError, setFileError] = useState<Partial<Record<ArtworkKind, string>>>({});
  const [titleMissing, setTitleMissing] = useState(false);
  const [announcement, setAnnouncement] = useState(
    (location.state as { created?: boolean } | null)?.created ? t('editor.created') : '',
  );
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const genres = useQuery(genresQuery());
  const libraries = useQuery(librariesQuery());
  const assets = useQuery(assetsQuery());
  const parent = useQuery({ ...contentQuery(parentId ?? 0), enabled: !!parentId });
  const ids = { main: useId(), video: useId(), art: useId(), assets: useId(), children: useId() };
  const playable = type === 'movie' || type === 'episode';
  const heading = content ? content.title : t('editor.newTitle', { type: t(`types.${type}`).toLowerCase() });
  useTitle(heading);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: async () => {
      const body = inputOf(draft, type, parentId, creating);
      let saved = creating ? await createContent(body) : await patchContent(content.id, body);
      for (const kind of ['poster', 'cover'] as const) {
        const file = files[kind];
        if (file) saved = await uploadArtwork(saved.id, kind, await fileToBase64(file));
      }
      return saved;
    },
    onSuccess: (saved) => {
      client.setQueryData(catalogKeys.content(saved.id), saved);
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setFiles({});
      formRef.current?.querySelectorAll<HTMLInputElement>('input[type=file]').forEach((el) => (el.value = ''));
      if (creating) navigate(paths.catalogContent(saved.id), { state: { created: true } });
      else setAnnouncement(t('editor.saved'));
    },
  });
  const drop = useMutation({
    mutationFn: (kind: ArtworkKind) => dropArtwork(content!.id, kind),
    onSuccess: (saved) => {
      client.setQueryData(catalogKeys.content(saved.id), saved);
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      setAnnouncement(t('editor.saved'));
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteContent(content!.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: catalogKeys.all });
      navigate(content?.parent_id ? paths.catalogContent(content.parent_id) : paths.catalog, { state: { deleted: content?.title } });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = !draft.title.trim();
    setTitleMissing(missing);
    setAnnouncement('');
    if (!missing && !Object.values(fileError).some(Boolean)) save.mutate();
  };

  const pickFile = (kind: ArtworkKind, file: File | undefined) => {
    const tooLarge = !!file && file.size > MAX_IMAGE_BYTES;
    setFileError((f) => ({ ...f, [kind]: tooLarge ? t('editor.tooLarge') : undefined }));
    setFiles((f) => ({ ...f, [kind]: file && !tooLarge ? file : undefined }));
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{heading}</h1>
        <Link to={parentId ? paths.catalogContent(parentId) : paths.catalog}>{t('editor.back')}</Link>
      </div>
      <CatalogNav />
      <p role="status" className={announcement ? `${styles.notice}` : 'visually-hidden'} data-kind="success">
        {announcement}
      </p>
      {parentId && parent.data && (
        <p className={styles.small}>
          {t('editor.parent')}: <Link to={paths.catalogContent(parentId)}>{parent.data.title}</Link>
        </p>
      )}
      <form ref={formRef} onSubmit={submit} noValidate className={own.editor}>
        <div className={own.column}>
          <section className={styles.panel} aria-labelledby={ids.main}>
            <h2 id={ids.main}>{t('editor.main')}</h2>
            <div className={own.fields}>
              <Text
                label={t('editor.title')}
                value={draft.title}
                onChange={(v) => set('title', v)}
                maxLength={300}
                required
                error={titleMissing ? t('editor.required') : null}
                wide
              />
              <Text label={t('editor.originalTitle')} value={draft.original_title} onChange={(v) => set('original_title', v)} maxLength={300} wide />
              <Area label={t('editor.description')} value={draft.description} onChange={(v) => set('description', v)} />
              <Text label={t('editor.year')} value={draft.year} onChange={(v) => set('year', v)} inputMode="numeric" maxLength={4} />
              <Select label={t('editor.age')} value={String(draft.age)} onChange={(v) => set('age', Number(v))}>
                {AGES.map((a) => (
                  <option key={a} value={String(a)}>
                    {t('editor.ageValue', { age: a })}
                  </option>
                ))}
              </Select>
              {playable && <Text label={t('editor.duration')} value={draft.duration} onChange={(v) => set('duration', v)} inputMode="numeric" maxLength={4} />}
              {(type === 'season' || type === 'episode') && (
                <Text label={t('editor.season')} value={draft.season} onChange={(v) => set('season', v)} inputMode="numeric" maxLength={5} />
              )}
              {type === 'episode' && (
                <Text label={t('editor.episode')} value={draft.episode} onChange={(v) => set('episode', v)} inputMode="numeric" maxLength={6} />
              )}
              <Select label={t('editor.status')} value={draft.status} onChange={(v) => set('status', v as ContentStatus)} hint={t('editor.statusHint')}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </Select>
              <Select label={t('editor.library')} value={draft.library} onChange={(v) => set('library', v)}>
                <option value="">{t('editor.noLibrary')}</option>
                {(libraries.data ?? []).map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
              </Select>
              <Text label={t('editor.countries')} value={draft.countries} onChange={(v) => set('countries', v)} hint={t('editor.countriesHint')} maxLength={200} />
              <fieldset className={`${own.checks} ${own.wide}`}>
                <legend>{t('editor.genres')}</legend>
                {genres.data?.length === 0 && <span className={`${styles.muted} ${styles.small}`}>{t('editor.noGenres')}</span>}
                {(genres.data ?? []).map((g) => (
                  <label key={g.id}>
                    <input
                      type="checkbox"
                      checked={draft.genres.includes(g.id)}
                      onChange={(e) => set('genres', e.target.checked ? [...draft.genres, g.id] : draft.genres.filter((x) => x !== g.id))}
                    />
                    {g.name}
                  </label>
                ))}
              </fieldset>
            </div>
          </section>
          <CreditsEditor credits={draft.persons} onChange={(p) => set('persons', p)} />
          {playable && <TrailersEditor trailers={draft.trailers} onChange={(tr) => set('trailers', tr)} />}
          {content && (type === 'series' || type === 'season') && <Children content={content} />}
        </div>
        <div className={own.column}>
          {playable && (
            <section className={styles.panel} aria-labelledby={ids.video}>
              <h2 id={ids.video}>{t('editor.video')}</h2>
              <Text
                label={t('editor.videoAddress')}
                value={draft.source}
                onChange={(v) => set('source', v)}
                hint={t('editor.videoHint')}
                maxLength={2000}
                list={ids.assets}
              />
              <datalist id={ids.assets}>
                {(assets.data?.local ?? []).map((a) => (
                  <option key={a} value={a} />
                ))}
              </datalist>
            </section>
          )}
          <section className={styles.panel} aria-labelledby={ids.art}>
            <h2 id={ids.art}>{t('editor.artwork')}</h2>
            <p className={`${styles.muted} ${styles.small}`}>{t('editor.artworkHint')}</p>
            {(['poster', 'cover'] as const).map((kind) => (
              <div key={kind} className={styles.control}>
                {content && (
                  <img
                    src={kind === 'poster' ? content.poster : content.cover}
                    alt={t(kind === 'poster' ? 'editor.posterPreview' : 'editor.coverPreview')}
                    className={kind === 'poster' ? own.preview : own.coverPreview}
                  />
                )}
                <FileField label={t(`editor.${kind}`)} error={fileError[kind] ?? null} onPick={(f) => pickFile(kind, f)} />
                {content && (kind === 'poster' ? content.poster_url : content.cover_url) && (
                  <Button variant="secondary" size="small" disabled={drop.isPending} onClick={() => drop.mutate(kind)}>
                    {t(kind === 'poster' ? 'editor.removePoster' : 'editor.removeCover')}
                  </Button>
                )}
              </div>
            ))}
          </section>
          <div className={own.saveBar}>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('editor.saving') : t('editor.save')}
            </Button>
            {content && !confirming && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('editor.delete')}
              </Button>
            )}
          </div>
          {content && confirming && (
            <InlineConfirm
              label={t('editor.deleteLabel', { title: content.title })}
              question={t('editor.deleteQuestion', { title: content.title })}
              action={t('editor.deleteConfirm')}
              busy={remove.isPending}
              error={remove.error ? errorText(tc, remove.error) : null}
              onConfirm={() => remove.mutate()}
              onCancel={() => setConfirming(false)}
            />
          )}
          <FormError message={save.error ? errorText(tc, save.error) : drop.error ? errorText(tc, drop.error) : null} />
        </div>
      </form>
    </div>
  );
}

/** The seasons of a series or the episodes of a season, with a link to add one. */
function Children({ content }: { content: ConsoleContent }) {
  const { t } = useTranslation('operator-catalog');
  const id = useId();
  const childType = content.type === 'series' ? 'season' : 'episode';
  const title = content.type === 'series' ? t('editor.seasons') : t('editor.episodes');
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {content.children.length === 0 ? (
        <p className={`${styles.muted} ${styles.small}`}>{t('editor.noChildren')}</p>
      ) : (
        <ContentTable rows={content.children} caption={t('editor.childCaption', { title: content.title })} />
      )}
      <p className={styles.actions}>
        <Link to={`${paths.catalogNew}?type=${childType}&parent=${content.id}`}>
          {childType === 'season' ? t('editor.addSeason') : t('editor.addEpisode')}
        </Link>
        {content.type === 'series' && <Link to={`${paths.catalogNew}?type=episode&parent=${content.id}`}>{t('editor.addEpisode')}</Link>}
      </p>
    </section>
  );
}

function Text({
  label,
  value,
  onChange,
  hint,
  error,
  wide,
  ...input
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  error?: string | null;
  wide?: boolean;
  maxLength?: number;
  required?: boolean;
  inputMode?: 'numeric';
  list?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.control} ${wide ? own.wide : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        {...input}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={`${styles.errorText} ${styles.small}`}>
          {error}
        </span>
      )}
    </div>
  );
}

function Area({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className={`${styles.control} ${own.wide}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea id={id} className={`${styles.input} ${own.textarea}`} value={value} onChange={(e) => onChange(e.target.value)} maxLength={10000} />
    </div>
  );
}

function Select({ label, value, onChange, hint, children }: { label: string; value: string; onChange: (v: string) => void; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {children}
      </select>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
