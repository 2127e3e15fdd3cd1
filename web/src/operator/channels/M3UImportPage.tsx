import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { applyM3U, channelKeys, fileToText, previewM3U, type M3UPreview } from './api';
import { kindKey } from './ChannelEditorPage';
import { ChannelsNav } from './ChannelsNav';
import own from './channels.module.css';

type Reason = 'no_url' | 'url_without_extinf' | 'line_too_long' | 'no_name' | 'not_hls';

/** M3U import: a preview of what the playlist would add and update, then apply all at once. */
export default function M3UImportPage() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<M3UPreview | null>(null);
  const [previewed, setPreviewed] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { file: useId(), text: useId() };
  useTitle(t('import.title'));

  const check = useMutation({
    mutationFn: (playlist: string) => previewM3U(playlist),
    onSuccess: (p, playlist) => {
      setPreview(p);
      setPreviewed(playlist);
      setNote(t('import.previewNote', { add: p.add, update: p.update, problems: p.problems_total }));
    },
    onError: () => setPreview(null),
  });
  const apply = useMutation({
    mutationFn: (playlist: string) => applyM3U(playlist),
    onSuccess: (r) => {
      setNote(t('import.applied', { added: r.added, updated: r.updated }));
      setPreview(null);
      setPreviewed('');
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
  });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setText(await fileToText(file));
    setPreview(null);
  };
  const canApply = !!preview && previewed === text && preview.channels.length > 0;
  const reasonText = (reason: string, kind: string) =>
    reason === 'not_hls' ? t('import.reason.not_hls', { kind: t(`kind.${kindKey(kind)}`) }) : t(`import.reason.${reason as Exclude<Reason, 'not_hls'>}`);
  const failed = check.error ?? apply.error;

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('import.title')}</h1>
      </div>
      <ChannelsNav />
      <section className={styles.panel}>
        <p className={styles.small}>{t('import.intro')}</p>
        <div className={styles.control}>
          <label htmlFor={ids.file} className={styles.label}>
            {t('import.file')}
          </label>
          <input id={ids.file} type="file" accept=".m3u,.m3u8,audio/x-mpegurl,application/vnd.apple.mpegurl,text/plain" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.text} className={styles.label}>
            {t('import.playlist')}
          </label>
          <textarea
            id={ids.text}
            className={`${styles.input} ${own.textarea} ${styles.mono}`}
            value={text}
            spellCheck={false}
            aria-invalid={missing || undefined}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
          />
        </div>
        <FormError message={missing ? t('import.missing') : failed ? errorText(tc, failed) : null} />
        <p className={styles.actions}>
          <Button
            size="small"
            variant="secondary"
            aria-disabled={check.isPending || undefined}
            onClick={() => {
              setMissing(!text.trim());
              if (text.trim()) check.mutate(text);
            }}
          >
            {t('import.preview')}
          </Button>
          <Button size="small" disabled={!canApply || apply.isPending} onClick={() => canApply && apply.mutate(text)}>
            {t('import.apply')}
          </Button>
        </p>
        {preview && previewed !== text && <p className={`${styles.small} ${styles.muted}`}>{t('import.changed')}</p>}
      </section>
      <StatusNote text={note} />
      {preview && (
        <>
          <section className={styles.panel} aria-label={t('import.previewTitle')}>
            <h2>{t('import.previewTitle')}</h2>
            <p>{t('import.summary', { entries: preview.entries, add: preview.add, update: preview.update, problems: preview.problems_total })}</p>
            {preview.guide_url && <p className={styles.small}>{t('import.guideUrl', { url: preview.guide_url })}</p>}
            <TableFrame label={t('import.channels')}>
              <table className={styles.table}>
                <caption>{t('import.channels')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('import.line')}</th>
                    <th scope="col">{t('lineup.channel')}</th>
                    <th scope="col">{t('lineup.guideId')}</th>
                    <th scope="col">{t('import.action')}</th>
                    <th scope="col">{t('import.sources')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.channels.map((c) => (
                    <tr key={c.line}>
                      <td className={styles.num}>{c.line}</td>
                      <th scope="row">{c.name}</th>
                      <td className={styles.mono}>{c.epg_id || tc('common.none')}</td>
                      <td>
                        <span className={styles.pill} data-tone={c.action === 'add' ? 'good' : undefined}>
                          {c.action === 'add' ? t('import.add') : t('import.update')}
                        </span>
                        {!c.playable && (
                          <>
                            {' '}
                            <span className={styles.pill} data-tone="warn">
                              {t('import.noPlayable')}
                            </span>
                          </>
                        )}
                      </td>
                      <td>
                        <ul className={styles.small}>
                          {c.sources.map((s) => (
                            <li key={`${s.line}-${s.url}`} className={own.url}>
                              {t('import.sourceLine', { line: s.line })} {s.url}
                              {!s.playable && ` — ${t('sources.notPlayable', { kind: t(`kind.${kindKey(s.problem)}`) })}`}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </section>
          {preview.problems.length > 0 && (
            <section className={styles.panel} aria-label={t('import.problems')}>
              <h2>{t('import.problems')}</h2>
              <TableFrame label={t('import.problems')}>
                <table className={styles.table}>
                  <caption>{t('import.problems')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('import.line')}</th>
                      <th scope="col">{t('import.problem')}</th>
                      <th scope="col">{t('import.detail')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.problems.map((p, i) => (
                      <tr key={`${p.line}-${i}`}>
                        <th scope="row" className={styles.num}>
                          {p.line}
                        </th>
                        <td>{reasonText(p.reason, p.kind)}</td>
                        <td className={own.url}>{p.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            </section>
          )}
        </>
      )}
    </div>
  );
}
