import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import { StatusNote } from '../ui/Confirm';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { TextField } from '../ui/TextField';
import { useTitle } from '../ui/useTitle';
import { channelKeys, createCategory, lineupQuery, moved, orderCategories, renameCategory, type Category } from './api';
import { ChannelsNav } from './ChannelsNav';

/** Channel categories: adding, renaming and their order in the viewer's apps. */
export default function CategoriesPage() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const lineup = useQuery(lineupQuery());
  const [note, setNote] = useState('');
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const heading = useId();
  useTitle(t('categories.title'));
  const refresh = () => void client.invalidateQueries({ queryKey: channelKeys.lineup() });
  const add = useMutation({
    mutationFn: () => createCategory(name.trim()),
    onSuccess: (k) => {
      setName('');
      setNote(t('categories.added', { name: k.name }));
      refresh();
    },
  });
  const order = useMutation({
    mutationFn: (ids: number[]) => orderCategories(ids),
    onSuccess: (l) => client.setQueryData(channelKeys.lineup(), l),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!name.trim());
    if (name.trim()) add.mutate();
  };
  const cats = lineup.data?.categories ?? [];
  const move = (k: Category, delta: number) => {
    const next = moved(
      cats.map((c) => c.id),
      k.id,
      delta,
    );
    setNote(t('categories.moved', { name: k.name, position: next.indexOf(k.id) + 1 }));
    order.mutate(next);
  };
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('categories.title')}</h1>
      </div>
      <ChannelsNav />
      <section className={styles.panel} aria-labelledby={heading}>
        <h2 id={heading}>{t('categories.new')}</h2>
        <form onSubmit={submit} noValidate className={styles.formRow}>
          <TextField label={t('categories.name')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={missing ? t('add.nameMissing') : null} />
          <Button type="submit" size="small" aria-disabled={add.isPending || undefined}>
            {t('categories.add')}
          </Button>
        </form>
        <FormError message={add.error ? errorText(tc, add.error) : null} />
      </section>
      <StatusNote text={note} />
      {order.error && (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, order.error)}
        </p>
      )}
      {!lineup.data ? (
        <QueryState error={lineup.error} onRetry={() => void lineup.refetch()} />
      ) : (
        <TableFrame label={t('categories.caption')} busy={order.isPending}>
          <table className={styles.table}>
            <caption>{t('categories.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('categories.order')}</th>
                <th scope="col">{t('categories.category')}</th>
                <th scope="col">{t('categories.channels')}</th>
                <th scope="col">{t('categories.rename')}</th>
              </tr>
            </thead>
            <tbody>
              {cats.map((k, i) => (
                <tr key={k.id}>
                  <td className={styles.nowrap}>
                    <Button size="small" variant="ghost" aria-label={t('lineup.moveUp', { name: k.name })} disabled={i === 0 || order.isPending} onClick={() => move(k, -1)}>
                      ↑
                    </Button>
                    <Button size="small" variant="ghost" aria-label={t('lineup.moveDown', { name: k.name })} disabled={i === cats.length - 1 || order.isPending} onClick={() => move(k, 1)}>
                      ↓
                    </Button>
                  </td>
                  <th scope="row">{k.name}</th>
                  <td className={styles.num}>{k.channels}</td>
                  <td>
                    <RenameCategory category={k} onRenamed={(c) => setNote(t('categories.renamed', { name: c.name }))} />
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

function RenameCategory({ category, onRenamed }: { category: Category; onRenamed: (c: Category) => void }) {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [name, setName] = useState(category.name);
  const id = useId();
  const save = useMutation({
    mutationFn: () => renameCategory(category.id, name.trim()),
    onSuccess: (c) => {
      onRenamed(c);
      void client.invalidateQueries({ queryKey: channelKeys.lineup() });
    },
  });
  return (
    <form
      className={styles.formRow}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() && name.trim() !== category.name) save.mutate();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('categories.nameOf', { name: category.name })}
      </label>
      <input id={id} className={styles.input} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" size="small" variant="secondary" aria-label={t('categories.saveName', { name: category.name })}>
        {t('categories.save')}
      </Button>
      {save.error && (
        <span role="alert" className={`${styles.errorText} ${styles.small}`}>
          {errorText(tc, save.error)}
        </span>
      )}
    </form>
  );
}
