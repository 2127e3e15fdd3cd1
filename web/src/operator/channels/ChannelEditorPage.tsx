import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { paths } from '../paths';
import { StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { TextField } from '../ui/TextField';
import { useTitle } from '../ui/useTitle';
import { AGES, channelKeys, deleteLogo, fileToBase64, lineupQuery, patchChannel, uploadLogo, type Category, type Channel } from './api';
import { BlackoutsPanel } from './BlackoutsPanel';
import { ChannelsNav } from './ChannelsNav';
import own from './channels.module.css';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_LOGO = 512 * 1024;

/** One channel: its fields, categories, logo, sources and blackouts. */
export default function ChannelEditorPage() {
  const { t } = useTranslation('operator-channels');
  const { id } = useParams();
  const lineup = useQuery(lineupQuery());
  const channel = lineup.data?.channels.find((c) => String(c.id) === id);
  useTitle(channel?.name ?? t('editor.title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{channel ? t('editor.heading', { name: channel.name }) : t('editor.title')}</h1>
      </div>
      <ChannelsNav />
      <p>
        <Link to={paths.channels}>{t('editor.back')}</Link>
      </p>
      {!lineup.data ? (
        <QueryState error={lineup.error} onRetry={() => void lineup.refetch()} />
      ) : !channel ? (
        <p className={styles.muted}>{t('editor.notFound')}</p>
      ) : (
        <>
          <ChannelForm key={channel.id} channel={channel} categories={lineup.data.categories} />
          <LogoPanel channel={channel} />
          <SourcesPanel channel={channel} />
          <BlackoutsPanel channel={channel} />
        </>
      )}
    </div>
  );
}

function ChannelForm({ channel, categories }: { channel: Channel; categories: Category[] }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [f, setF] = useState({
    name: channel.name,
    number: String(channel.number),
    description: channel.description,
    age: channel.age,
    is_hidden: channel.is_hidden,
    source_type: channel.source_type,
    source_url: channel.source_url,
    catchup_template: channel.catchup_template,
    archived_days: String(channel.archived_days),
    epg_id: channel.epg_id,
    categories: channel.categories,
  });
  const [note, setNote] = useState('');
  const ids = { age: useId(), type: useId(), desc: useId(), heading: useId(), cats: useId() };
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    mutationFn: () =>
      patchChannel(channel.id, {
        name: f.name.trim(),
        number: Number(f.number) || 0,
        description: f.description,
        age: f.age,
        is_hidden: f.is_hidden,
        source_type: f.source_type,
        source_url: f.source_url.trim(),
        catchup_template: f.source_type === 'hls' ? f.catchup_template.trim() : '',
        archived_days: Number(f.archived_days) || 0,
        epg_id: f.epg_id.trim(),
        categories: f.categories,
      }),
    onSuccess: (c) => {
      setNote(t('editor.saved', { name: c.name }));
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
    onError: () => setNote(''),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <section className={styles.panel} aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('editor.fields')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={own.fields}>
          <TextField label={t('field.name')} value={f.name} onChange={(e) => set('name', e.target.value)} maxLength={100} required />
          <TextField label={t('field.number')} type="number" min={0} max={99999} value={f.number} onChange={(e) => set('number', e.target.value)} />
          <div className={styles.control}>
            <label htmlFor={ids.age} className={styles.label}>
              {t('field.age')}
            </label>
            <select id={ids.age} className={styles.select} value={f.age} onChange={(e) => set('age', Number(e.target.value) as Channel['age'])}>
              {AGES.map((a) => (
                <option key={a} value={a}>
                  {a}+
                </option>
              ))}
            </select>
          </div>
          <div className={styles.control}>
            <label htmlFor={ids.type} className={styles.label}>
              {t('field.sourceType')}
            </label>
            <select id={ids.type} className={styles.select} value={f.source_type} onChange={(e) => set('source_type', e.target.value as Channel['source_type'])}>
              <option value="hls">{t('source.hls')}</option>
              <option value="loop">{t('source.loop')}</option>
            </select>
          </div>
          <div className={own.wide}>
            <TextField
              label={t('field.sourceUrl')}
              value={f.source_url}
              onChange={(e) => set('source_url', e.target.value)}
              hint={f.source_type === 'hls' ? t('field.sourceUrlHint') : t('field.loopHint')}
            />
          </div>
          {f.source_type === 'hls' && (
            <div className={own.wide}>
              <TextField label={t('field.catchup')} value={f.catchup_template} onChange={(e) => set('catchup_template', e.target.value)} hint={t('field.catchupHint')} />
            </div>
          )}
          <TextField label={t('field.archiveDays')} type="number" min={0} max={365} value={f.archived_days} onChange={(e) => set('archived_days', e.target.value)} />
          <TextField label={t('field.guideId')} value={f.epg_id} onChange={(e) => set('epg_id', e.target.value)} hint={t('field.guideIdHint')} />
          <div className={`${styles.control} ${own.wide}`}>
            <label htmlFor={ids.desc} className={styles.label}>
              {t('field.description')}
            </label>
            <textarea id={ids.desc} className={styles.input} rows={3} maxLength={2000} value={f.description} onChange={(e) => set('description', e.target.value)} />
          </div>
          <label className={own.wide}>
            <input type="checkbox" checked={f.is_hidden} onChange={(e) => set('is_hidden', e.target.checked)} /> {t('field.hidden')}
          </label>
          <fieldset className={`${own.checks} ${own.wide}`} aria-describedby={ids.cats}>
            <legend className={styles.label}>{t('field.categories')}</legend>
            <span id={ids.cats} className="visually-hidden">
              {t('field.categoriesHint')}
            </span>
            {categories.map((k) => (
              <label key={k.id}>
                <input
                  type="checkbox"
                  checked={f.categories.includes(k.id)}
                  onChange={(e) => set('categories', e.target.checked ? [...f.categories, k.id] : f.categories.filter((x) => x !== k.id))}
                />
                {k.name}
              </label>
            ))}
          </fieldset>
        </div>
        <FormError message={save.error ? errorText(tc, save.error) : null} />
        <p className={styles.actions}>
          <Button type="submit" size="small" aria-disabled={save.isPending || undefined}>
            {t('editor.save')}
          </Button>
        </p>
        <StatusNote text={note} />
      </form>
    </section>
  );
}

function LogoPanel({ channel }: { channel: Channel }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const fileId = useId();
  const heading = useId();
  const done = (c: Channel, text: string) => {
    setNote(text);
    setFile(null);
    client.setQueryData(channelKeys.lineup(), (l: { channels: Channel[] } | undefined) =>
      l ? { ...l, channels: l.channels.map((x) => (x.id === c.id ? c : x)) } : l,
    );
  };
  const upload = useMutation({
    mutationFn: async (f: File) => uploadLogo(channel.id, f.type, await fileToBase64(f)),
    onSuccess: (c) => done(c, t('logo.uploaded')),
  });
  const remove = useMutation({ mutationFn: () => deleteLogo(channel.id), onSuccess: (c) => done(c, t('logo.removed')) });
  const send = () => {
    if (!file) return setProblem(t('logo.choose'));
    if (!LOGO_TYPES.includes(file.type)) return setProblem(t('logo.wrongType'));
    if (file.size > MAX_LOGO) return setProblem(t('logo.tooLarge'));
    setProblem(null);
    upload.mutate(file);
  };
  const failed = upload.error ?? remove.error;
  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading}>{t('logo.title')}</h2>
      <p>
        <img className={own.bigLogo} src={channel.logo_url} alt={t('logo.current', { name: channel.name })} />
      </p>
      <p className={`${styles.small} ${styles.muted}`}>{channel.has_logo ? t('logo.uploadedKind') : t('logo.generatedKind')}</p>
      <div className={styles.control}>
        <label htmlFor={fileId} className={styles.label}>
          {t('logo.file')}
        </label>
        <input id={fileId} type="file" accept={LOGO_TYPES.join(',')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <span className={styles.hint}>{t('logo.hint')}</span>
      </div>
      <FormError message={problem ?? (failed ? errorText(tc, failed) : null)} />
      <p className={styles.actions}>
        <Button size="small" onClick={send} aria-disabled={upload.isPending || undefined}>
          {t('logo.upload')}
        </Button>
        {channel.has_logo && (
          <Button size="small" variant="secondary" onClick={() => remove.mutate()} aria-disabled={remove.isPending || undefined}>
            {t('logo.remove')}
          </Button>
        )}
      </p>
      <StatusNote text={note} />
    </section>
  );
}

function SourcesPanel({ channel }: { channel: Channel }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const heading = useId();
  const promote = useMutation({
    mutationFn: (url: string) => patchChannel(channel.id, { source_type: 'hls', source_url: url }),
    onSuccess: (c) => {
      setNote(t('sources.promoted'));
      client.setQueryData(channelKeys.lineup(), (l: { channels: Channel[] } | undefined) =>
        l ? { ...l, channels: l.channels.map((x) => (x.id === c.id ? c : x)) } : l,
      );
    },
  });
  if (channel.sources.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading}>{t('sources.title')}</h2>
      <p className={`${styles.small} ${styles.muted}`}>{t('sources.intro')}</p>
      <TableFrame label={t('sources.title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('sources.address')}</th>
              <th scope="col">{t('sources.state')}</th>
            </tr>
          </thead>
          <tbody>
            {channel.sources.map((s, i) => (
              <tr key={`${i}-${s.url}`}>
                <th scope="row" className={own.url}>
                  {s.url}
                </th>
                <td>
                  {s.url === channel.source_url ? (
                    <span className={styles.pill} data-tone="good">
                      {t('sources.primary')}
                    </span>
                  ) : s.playable ? (
                    <>
                      <span className={styles.pill}>{t('sources.alternative')}</span>{' '}
                      <Button size="small" variant="secondary" onClick={() => promote.mutate(s.url)} aria-label={t('sources.promoteOne', { url: s.url })}>
                        {t('sources.promote')}
                      </Button>
                    </>
                  ) : (
                    <span className={styles.pill} data-tone="bad">
                      {t('sources.notPlayable', { kind: t(`kind.${kindKey(s.problem)}`) })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <FormError message={promote.error ? errorText(tc, promote.error) : null} />
      <StatusNote text={note} />
    </section>
  );
}

/** The text key of a non-HLS address's kind. */
export function kindKey(kind: string): 'dash' | 'rtmp' | 'udp' | 'bare' | 'scheme' {
  return kind === 'dash' || kind === 'rtmp' || kind === 'udp' || kind === 'bare' ? kind : 'scheme';
}
