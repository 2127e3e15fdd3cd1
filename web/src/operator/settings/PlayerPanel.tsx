import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { Field } from './Field';
import { errorFor } from './form';
import { patchPlayer, playerKey, playerQuery, type ABTest, type PlayerSettings } from './playerApi';

/** The player's tunables: the catch-up blackout picture, its screenshot and margin, and the experiments. */
export function PlayerPanel() {
  const player = useQuery(playerQuery());
  if (!player.data) return <QueryState error={player.error} onRetry={() => void player.refetch()} />;
  return <PlayerForm settings={player.data} />;
}

function PlayerForm({ settings }: { settings: PlayerSettings }) {
  const { t } = useTranslation('operator-settings');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const titleId = useId();
  const [safeArea, setSafeArea] = useState(String(settings.blackout_safe_area));
  const [picture, setPicture] = useState(settings.blackout_picture_url);
  const [screenshot, setScreenshot] = useState(settings.blackout_screenshot_url);
  const [tests, setTests] = useState<ABTest[]>(settings.ab_tests);
  const [status, setStatus] = useState('');
  const save = useMutation({
    mutationFn: () =>
      patchPlayer({
        blackout_safe_area: Number(safeArea),
        blackout_picture_url: picture.trim(),
        blackout_screenshot_url: screenshot.trim(),
        ab_tests: tests.map((x) => ({ id: Number(x.id), name: x.name.trim(), variant: x.variant.trim() })),
      }),
    onMutate: () => setStatus(''),
    onSuccess: (saved) => {
      client.setQueryData(playerKey, saved);
      setStatus(t('player.saved'));
    },
  });
  const change = (i: number, patch: Partial<ABTest>) => setTests((list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const err = (field: string) => errorFor(save.error, field);

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('player.title')}</h2>
      <p className={`${styles.muted} ${styles.small}`}>{t('player.intro')}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <form onSubmit={submit} noValidate className={styles.section}>
        <div className={styles.formRow}>
          <Field label={t('player.safeArea')} hint={t('player.safeAreaHint')} error={err('blackout_safe_area')}>
            {(p) => <input {...p} className={styles.input} type="number" min={0} max={3600} value={safeArea} onChange={(e) => setSafeArea(e.target.value)} />}
          </Field>
          <Field label={t('player.picture')} hint={t('player.pictureHint')} error={err('blackout_picture_url')} className={styles.grow}>
            {(p) => <input {...p} className={styles.input} type="url" maxLength={500} value={picture} onChange={(e) => setPicture(e.target.value)} />}
          </Field>
          <Field label={t('player.screenshot')} error={err('blackout_screenshot_url')} className={styles.grow}>
            {(p) => <input {...p} className={styles.input} type="url" maxLength={500} value={screenshot} onChange={(e) => setScreenshot(e.target.value)} />}
          </Field>
        </div>
        <fieldset className={styles.section}>
          <legend className={styles.label}>{t('player.tests')}</legend>
          <p className={`${styles.muted} ${styles.small}`}>{t('player.testsHint')}</p>
          {tests.map((x, i) => (
            <div key={i} className={styles.formRow} role="group" aria-label={t('player.testN', { n: i + 1 })}>
              <Field label={t('player.testId')}>
                {(p) => <input {...p} className={styles.input} type="number" min={1} value={x.id || ''} onChange={(e) => change(i, { id: Number(e.target.value) })} />}
              </Field>
              <Field label={t('player.testName')} className={styles.grow}>
                {(p) => <input {...p} className={styles.input} maxLength={64} value={x.name} onChange={(e) => change(i, { name: e.target.value })} />}
              </Field>
              <Field label={t('player.testVariant')} className={styles.grow}>
                {(p) => <input {...p} className={styles.input} maxLength={64} value={x.variant} onChange={(e) => change(i, { variant: e.target.value })} />}
              </Field>
              <Button size="small" variant="ghost" className={styles.besideField} onClick={() => setTests((list) => list.filter((_, j) => j !== i))}>
                {t('player.removeTest', { n: i + 1 })}
              </Button>
            </div>
          ))}
          <div>
            <Button
              size="small"
              variant="secondary"
              disabled={tests.length >= 50}
              onClick={() => setTests((list) => [...list, { id: Math.max(0, ...list.map((x) => x.id)) + 1, name: '', variant: '' }])}
            >
              {t('player.addTest')}
            </Button>
          </div>
          {err('ab_tests') && <p className={`${styles.errorText} ${styles.small}`}>{err('ab_tests')}</p>}
        </fieldset>
        <FormError
          message={
            save.error && !['blackout_safe_area', 'blackout_picture_url', 'blackout_screenshot_url', 'ab_tests'].some(err) ? errorText(tc, save.error) : null
          }
        />
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {t('player.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
