import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { pagesKeys, saveSeo, seoQuery, type SeoText } from './api';
import { PagesNav } from './PagesNav';
import own from './pages.module.css';

const key = (x: Pick<SeoText, 'page_type' | 'text_type'>) => `${x.page_type}|${x.text_type}`;

/** SEO masks: the title, description and heading of each kind of page, per language. */
export default function SeoPage() {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const qc = useQueryClient();
  const [lang, setLang] = useState('ru');
  const seo = useQuery(seoQuery(lang));
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  useTitle(t('seo.title'));
  useEffect(() => {
    if (seo.data) setValues(Object.fromEntries(seo.data.texts.map((x) => [key(x), x.value])));
  }, [seo.data]);
  const save = useMutation({
    mutationFn: () => {
      const changed = (seo.data?.texts ?? [])
        .filter((x) => (values[key(x)] ?? '') !== x.value)
        .map((x) => ({ page_type: x.page_type, text_type: x.text_type, value: values[key(x)] ?? '' }));
      return saveSeo(lang, changed);
    },
    onSuccess: (data) => {
      qc.setQueryData(pagesKeys.seo(lang), data);
      setStatus(t('seo.saved'));
    },
  });

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <PagesNav />
      <p className={`${styles.muted} ${styles.small}`}>{t('seo.intro')}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <form
        className={styles.section}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className={styles.formRow}>
          <label className={styles.control}>
            <span>{t('seo.language')}</span>
            <select className={styles.select} value={lang} onChange={(e) => setLang(e.target.value)}>
              {(seo.data?.languages ?? ['ru', 'en', 'bg', 'kk', 'tg', 'ky', 'uz', 'ka', 'lv', 'az', 'ro']).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        </div>
        {!seo.data ? (
          <QueryState error={seo.error} onRetry={() => void seo.refetch()} />
        ) : (
          <TableFrame label={t('seo.caption')}>
            <table className={styles.table}>
              <caption>{t('seo.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('seo.page')}</th>
                  <th scope="col">{t('seo.text')}</th>
                  <th scope="col">{t('seo.value')}</th>
                </tr>
              </thead>
              <tbody>
                {seo.data.texts.map((x) => (
                  <tr key={key(x)}>
                    <th scope="row" className={styles.mono}>
                      {x.page_type}
                    </th>
                    <td>{t(`seo.kinds.${x.text_type}`)}</td>
                    <td>
                      <input
                        className={`${styles.input} ${own.seoInput}`}
                        value={values[key(x)] ?? ''}
                        placeholder={x.builtin}
                        maxLength={500}
                        onChange={(e) => setValues({ ...values, [key(x)]: e.target.value })}
                        aria-label={t('seo.field', { kind: t(`seo.kinds.${x.text_type}`), page: x.page_type })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
        {save.error && (
          <p role="alert" className={styles.errorText}>
            {errorText(tc, save.error)}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={save.isPending || !seo.data || undefined}>
            {t('seo.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
