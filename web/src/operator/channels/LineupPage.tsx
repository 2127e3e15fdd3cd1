import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { channelKeys, createChannel, lineupQuery, moved, movedTo, orderChannels, patchChannel, type Channel, type Lineup } from './api';
import { ChannelsNav } from './ChannelsNav';
import own from './channels.module.css';

/** The line-up: channels in viewers' order, moved by dragging or with the buttons, hidden or shown; adding a channel. */
export default function LineupPage() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const lineup = useQuery(lineupQuery());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  useTitle(t('title'));

  const order = useMutation({
    mutationFn: (ids: number[]) => orderChannels(ids),
    onMutate: (ids) => {
      // the rows move at once; the server's answer confirms the numbers
      const before = client.getQueryData<Lineup>(channelKeys.lineup());
      if (before) {
        const byId = new Map(before.channels.map((c) => [c.id, c]));
        client.setQueryData<Lineup>(channelKeys.lineup(), {
          ...before,
          channels: ids.map((id) => byId.get(id)).filter((c): c is Channel => !!c),
        });
      }
      return { before };
    },
    onSuccess: (l) => {
      client.setQueryData(channelKeys.lineup(), l);
      setError(null);
    },
    onError: (e, _ids, ctx) => {
      if (ctx?.before) client.setQueryData(channelKeys.lineup(), ctx.before);
      setError(errorText(tc, e));
    },
  });
  const visibility = useMutation({
    mutationFn: (c: Channel) => patchChannel(c.id, { is_hidden: !c.is_hidden }),
    onSuccess: (c) => {
      setNote(c.is_hidden ? t('lineup.hiddenNote', { name: c.name }) : t('lineup.shownNote', { name: c.name }));
      setError(null);
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
    onError: (e) => setError(errorText(tc, e)),
  });

  const ids = lineup.data?.channels.map((c) => c.id) ?? [];
  const move = (c: Channel, delta: number) => {
    const next = moved(ids, c.id, delta);
    setNote(t('lineup.movedNote', { name: c.name, position: next.indexOf(c.id) + 1 }));
    order.mutate(next);
  };
  const drop = (target: number) => {
    if (dragged === null || dragged === target) return;
    const c = lineup.data?.channels.find((x) => x.id === dragged);
    const next = movedTo(ids, dragged, ids.indexOf(target));
    if (c) setNote(t('lineup.movedNote', { name: c.name, position: next.indexOf(c.id) + 1 }));
    order.mutate(next);
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <ChannelsNav />
      <AddChannel onAdded={(c) => setNote(t('lineup.addedNote', { name: c.name }))} />
      <StatusNote text={note} />
      {error && (
        <p role="alert" className={styles.errorText}>
          {error}
        </p>
      )}
      {!lineup.data ? (
        <QueryState error={lineup.error} onRetry={() => void lineup.refetch()} />
      ) : lineup.data.channels.length === 0 ? (
        <p className={styles.muted}>{t('lineup.empty')}</p>
      ) : (
        <TableFrame label={t('lineup.caption')} busy={order.isPending}>
          <table className={styles.table}>
            <caption>{t('lineup.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lineup.order')}</th>
                <th scope="col">{t('lineup.number')}</th>
                <th scope="col">{t('lineup.logo')}</th>
                <th scope="col">{t('lineup.channel')}</th>
                <th scope="col">{t('lineup.source')}</th>
                <th scope="col">{t('lineup.guideId')}</th>
                <th scope="col">{t('lineup.visibility')}</th>
              </tr>
            </thead>
            <tbody>
              {lineup.data.channels.map((c, i) => (
                <tr
                  key={c.id}
                  draggable
                  data-testid={`channel-row-${c.id}`}
                  className={`${dragged === c.id ? own.dragging : ''} ${over === c.id && dragged !== c.id ? own.dropTarget : ''}`}
                  onDragStart={(e) => {
                    setDragged(c.id);
                    e.dataTransfer?.setData('text/plain', String(c.id));
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    setOver(c.id);
                  }}
                  onDragLeave={() => setOver((o) => (o === c.id ? null : o))}
                  onDrop={(e) => {
                    e.preventDefault();
                    drop(c.id);
                    setDragged(null);
                    setOver(null);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                >
                  <td className={styles.nowrap}>
                    <span className={own.handle} aria-hidden="true" title={t('lineup.dragHint')}>
                      ⠿
                    </span>
                    <Button size="small" variant="ghost" aria-label={t('lineup.moveUp', { name: c.name })} disabled={i === 0 || order.isPending} onClick={() => move(c, -1)}>
                      ↑
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={t('lineup.moveDown', { name: c.name })}
                      disabled={i === lineup.data.channels.length - 1 || order.isPending}
                      onClick={() => move(c, 1)}
                    >
                      ↓
                    </Button>
                  </td>
                  <td className={styles.num}>{c.number}</td>
                  <td>
                    <img className={own.logo} src={c.logo_url} alt="" loading="lazy" />
                  </td>
                  <th scope="row">
                    <Link to={paths.channel(c.id)}>{c.name}</Link>
                  </th>
                  <td className={own.url}>{c.source_type === 'loop' ? t('source.loopShort', { asset: c.source_url || '—' }) : c.source_url || t('source.none')}</td>
                  <td className={styles.mono}>{c.epg_id || tc('common.none')}</td>
                  <td>
                    <span className={styles.pill} data-tone={c.is_hidden ? 'warn' : 'good'}>
                      {c.is_hidden ? t('lineup.hidden') : t('lineup.shown')}
                    </span>{' '}
                    <Button size="small" variant="secondary" onClick={() => visibility.mutate(c)} aria-label={c.is_hidden ? t('lineup.showName', { name: c.name }) : t('lineup.hideName', { name: c.name })}>
                      {c.is_hidden ? t('lineup.show') : t('lineup.hide')}
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

/** Adding a channel: its name and stream; the rest in its editor. */
function AddChannel({ onAdded }: { onAdded: (c: Channel) => void }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<'loop' | 'hls'>('hls');
  const [url, setUrl] = useState('');
  const [missing, setMissing] = useState(false);
  const typeId = useId();
  const headingId = useId();
  const add = useMutation({
    mutationFn: () => createChannel({ name: name.trim(), source_type: type, source_url: url.trim() }),
    onSuccess: (c) => {
      setName('');
      setUrl('');
      onAdded(c);
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!name.trim());
    if (name.trim()) add.mutate();
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('add.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={own.fields}>
          <TextField label={t('field.name')} value={name} onChange={(e) => setName(e.target.value)} error={missing ? t('add.nameMissing') : null} maxLength={100} />
          <div className={styles.control}>
            <label htmlFor={typeId} className={styles.label}>
              {t('field.sourceType')}
            </label>
            <select id={typeId} className={styles.select} value={type} onChange={(e) => setType(e.target.value as 'loop' | 'hls')}>
              <option value="hls">{t('source.hls')}</option>
              <option value="loop">{t('source.loop')}</option>
            </select>
          </div>
          <TextField label={t('field.sourceUrl')} value={url} onChange={(e) => setUrl(e.target.value)} hint={type === 'hls' ? t('field.sourceUrlHint') : t('field.loopHint')} />
        </div>
        <FormError message={add.error ? errorText(tc, add.error) : null} />
        <p className={styles.actions}>
          <Button type="submit" size="small" aria-disabled={add.isPending || undefined}>
            {t('add.submit')}
          </Button>
        </p>
      </form>
    </section>
  );
}
