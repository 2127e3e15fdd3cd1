import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { InlineConfirm } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import {
  createPromotion,
  deletePromotion,
  dropPromotionImage,
  MAX_IMAGE_BYTES,
  pagesKeys,
  patchPromotion,
  promotionsQuery,
  isHome,
  rowsetsQuery,
  uploadPromotionImage,
  type Promotion,
  type PromotionInput,
} from './api';
import { ItemPicker } from './ItemPicker';
import { PagesNav } from './PagesNav';

/** The destinations that name one of the operator's objects by number. */
const WITH_OBJECT = ['content', 'row', 'rowset', 'channel', 'packet'];
const DESTINATIONS = ['content', 'row', 'rowset', 'channel', 'packet', 'open_url', 'enter_promo_key', 'last_channel', 'text'] as const;
type Destination = (typeof DESTINATIONS)[number];

/** Promotions: the banners and buttons banner rows show (a row of a promo template lists them). */
export default function BannersPage() {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const qc = useQueryClient();
  const list = useQuery(promotionsQuery());
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  useTitle(t('banners.title'));
  const del = useMutation({
    mutationFn: deletePromotion,
    onSuccess: (_, id) => {
      qc.setQueryData<Promotion[]>(pagesKeys.promotions(), (old) => old?.filter((p) => p.id !== id));
      setDeleting(null);
      setStatus(t('banners.deleted'));
    },
  });
  const destLabel = (d: string) => ((DESTINATIONS as readonly string[]).includes(d) ? t(`destinations.${d as Destination}`) : d);

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
        {editing === null && <Button onClick={() => setEditing('new')}>{t('banners.new')}</Button>}
      </div>
      <PagesNav />
      <p className={`${styles.muted} ${styles.small}`}>{t('banners.intro')}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {editing !== null && (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.id}
          promotion={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved) {
              void qc.invalidateQueries({ queryKey: pagesKeys.promotions() });
              setStatus(t('banners.saved', { title: saved.title }));
            }
            setEditing(null);
          }}
        />
      )}
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TableFrame label={t('banners.caption')}>
          <table className={styles.table}>
            <caption>{t('banners.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('banners.name')}</th>
                <th scope="col">{t('banners.leadsTo')}</th>
                <th scope="col">{t('banners.picture')}</th>
                <th scope="col">{t('banners.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.title}
                    {p.short && <span className={`${styles.muted} ${styles.small}`}> · {p.short}</span>}
                  </th>
                  <td>
                    {destLabel(p.dest_type)}
                    {p.dest_id ? ` ${p.dest_id}` : ''}
                    {p.dest_url ? ` ${p.dest_url}` : ''}
                  </td>
                  <td>{p.image ? t('banners.ownPicture') : t('banners.generated')}</td>
                  <td>
                    {deleting === p.id ? (
                      <InlineConfirm
                        label={t('banners.deleteLabel', { title: p.title })}
                        question={t('banners.deleteQuestion', { title: p.title })}
                        action={t('banners.delete')}
                        busy={del.isPending}
                        error={del.error ? errorText(tc, del.error) : null}
                        onConfirm={() => del.mutate(p.id)}
                        onCancel={() => setDeleting(null)}
                      />
                    ) : (
                      <div className={styles.actions}>
                        <button type="button" onClick={() => setEditing(p)} aria-label={t('banners.edit', { title: p.title })}>
                          {t('banners.editShort')}
                        </button>
                        <button type="button" onClick={() => setDeleting(p.id)} aria-label={t('banners.deleteLabel', { title: p.title })}>
                          {t('banners.delete')}
                        </button>
                      </div>
                    )}
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

function BannerForm({ promotion, onDone }: { promotion: Promotion | null; onDone: (saved: Promotion | null) => void }) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const id = useId();
  const [f, setF] = useState({
    title: promotion?.title ?? '',
    short: promotion?.short ?? '',
    description: promotion?.description ?? '',
    image: promotion?.image ?? '',
    color_bg: promotion?.color_bg ?? '',
    dest_type: (promotion?.dest_type ?? 'content') as string,
    dest_id: promotion?.dest_id ? String(promotion.dest_id) : '',
    dest_url: promotion?.dest_url ?? '',
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const rowsets = useQuery(rowsetsQuery());
  const [finding, setFinding] = useState(false);
  const [picked, setPicked] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const body: PromotionInput = {
        title: f.title.trim(),
        name: f.title.trim(),
        short: f.short,
        description: f.description,
        image: f.image,
        color_bg: f.color_bg,
        dest_type: f.dest_type,
        dest_id: WITH_OBJECT.includes(f.dest_type) && f.dest_id ? Number(f.dest_id) : null,
        dest_url: f.dest_type === 'open_url' ? f.dest_url : '',
      };
      return promotion ? patchPromotion(promotion.id, body) : createPromotion(body);
    },
    onSuccess: (p) => onDone(p),
  });
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{promotion ? t('banners.editing', { title: promotion.title }) : t('banners.new')}</h2>
      <form
        className={styles.section}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className={styles.formRow}>
          <label className={`${styles.control} ${styles.grow}`}>
            <span>{t('banners.titleField')}</span>
            <input className={styles.input} value={f.title} onChange={set('title')} required maxLength={200} />
          </label>
          <label className={`${styles.control} ${styles.grow}`}>
            <span>{t('banners.short')}</span>
            <input className={styles.input} value={f.short} onChange={set('short')} maxLength={200} />
          </label>
        </div>
        <label className={styles.control}>
          <span>{t('banners.description')}</span>
          <input className={styles.input} value={f.description} onChange={set('description')} maxLength={2000} />
        </label>
        <div className={styles.formRow}>
          <div className={`${styles.control} ${styles.grow}`}>
            <label className={styles.label} htmlFor={`${id}-image`}>{t('banners.image')}</label>
            <input id={`${id}-image`} className={styles.input} value={f.image} onChange={set('image')} placeholder="https://" aria-describedby={`${id}-image-hint`} />
            <span id={`${id}-image-hint`} className={styles.hint}>
              {t('banners.imageHint')}
            </span>
          </div>
          <label className={styles.control}>
            <span>{t('banners.color')}</span>
            <input className={styles.input} value={f.color_bg} onChange={set('color_bg')} placeholder="#1a2b3c" maxLength={7} />
          </label>
        </div>
        {promotion && <PictureUpload promotion={promotion} onChanged={(p) => setF({ ...f, image: p.image })} />}
        <div className={styles.formRow}>
          <label className={styles.control}>
            <span>{t('banners.leadsTo')}</span>
            <select className={styles.select} value={f.dest_type} onChange={set('dest_type')}>
              {DESTINATIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`destinations.${d}`)}
                </option>
              ))}
            </select>
          </label>
          {f.dest_type === 'rowset' && (
            <label className={styles.control}>
              <span>{t('banners.page')}</span>
              <select className={styles.select} value={f.dest_id} onChange={set('dest_id')} required>
                <option value="">{t('banners.choose')}</option>
                {(rowsets.data ?? []).map((rs) => (
                  <option key={rs.id} value={String(rs.id)}>
                    {isHome(rs) ? `${t('rowsets.home')} (${rs.title})` : rs.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          {WITH_OBJECT.includes(f.dest_type) && f.dest_type !== 'rowset' && (
            <label className={styles.control}>
              <span>{t('banners.objectId')}</span>
              <input className={styles.input} type="number" min={1} value={f.dest_id} onChange={set('dest_id')} required />
            </label>
          )}
          {(f.dest_type === 'content' || f.dest_type === 'channel') && !finding && (
            <Button variant="secondary" size="small" className={styles.besideField} onClick={() => setFinding(true)}>
              {t('banners.find')}
            </Button>
          )}
          {f.dest_type === 'open_url' && (
            <label className={`${styles.control} ${styles.grow}`}>
              <span>{t('banners.url')}</span>
              <input className={styles.input} value={f.dest_url} onChange={set('dest_url')} required placeholder="https://" />
            </label>
          )}
        </div>
        {finding && (f.dest_type === 'content' || f.dest_type === 'channel') && (
          <ItemPicker
            kind={f.dest_type}
            chosen={[]}
            title={t('banners.find')}
            onPick={(it) => {
              setF({ ...f, dest_id: String(it.id) });
              setPicked(it.title);
              setFinding(false);
            }}
            onClose={() => setFinding(false)}
          />
        )}
        {picked && <p className={`${styles.muted} ${styles.small}`}>{t('banners.picked', { title: picked })}</p>}
        {save.error && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, save.error)}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {t('banners.save')}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t('banners.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A banner's own picture: upload one (the server checks its kind and size) or go back to the generated one. */
function PictureUpload({ promotion, onChanged }: { promotion: Promotion; onChanged: (p: Promotion) => void }) {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const qc = useQueryClient();
  const [tooLarge, setTooLarge] = useState(false);
  const id = useId();
  const done = (p: Promotion) => {
    onChanged(p);
    void qc.invalidateQueries({ queryKey: pagesKeys.promotions() });
  };
  const upload = useMutation({ mutationFn: (file: File) => uploadPromotionImage(promotion.id, file), onSuccess: done });
  const drop = useMutation({ mutationFn: () => dropPromotionImage(promotion.id), onSuccess: done });
  const error = upload.error ?? drop.error;
  return (
    <div className={styles.formRow}>
      <div className={`${styles.control} ${styles.grow}`}>
        <label className={styles.label} htmlFor={`${id}-file`}>{t('banners.upload')}</label>
        <input
          id={`${id}-file`}
          aria-describedby={`${id}-file-hint`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setTooLarge(file.size > MAX_IMAGE_BYTES);
            if (file.size <= MAX_IMAGE_BYTES) upload.mutate(file);
          }}
        />
        <span id={`${id}-file-hint`} className={styles.hint}>
          {t('banners.uploadHint')}
        </span>
      </div>
      <Button variant="secondary" size="small" className={styles.besideField} onClick={() => drop.mutate()} aria-disabled={drop.isPending || undefined}>
        {t('banners.useGenerated')}
      </Button>
      <p role="status" className={styles.small}>
        {upload.isPending ? t('banners.uploading') : upload.isSuccess ? t('banners.uploaded') : ''}
      </p>
      {(tooLarge || error) && (
        <p role="alert" className={styles.errorText}>
          {tooLarge ? t('banners.tooLarge') : errorText(tc, error)}
        </p>
      )}
    </div>
  );
}
