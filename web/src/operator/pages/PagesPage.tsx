import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { isHome, moved, pagesKeys, rowsetsQuery, saveMenu, type Rowset } from './api';
import { PagesNav } from './PagesNav';

/** The operator's rowsets (the home page first among the menu's pages) and the header menu. */
export default function PagesPage() {
  const { t } = useTranslation('operator-pages');
  const { t: tc } = useTranslation('operator');
  const qc = useQueryClient();
  const list = useQuery(rowsetsQuery());
  const [status, setStatus] = useState('');
  useTitle(t('rowsets.title'));
  const menu = useMutation({
    mutationFn: saveMenu,
    onSuccess: (data) => {
      qc.setQueryData(pagesKeys.rowsets(), data);
      setStatus(t('menu.saved'));
    },
  });

  const rowsets = list.data ?? [];
  const inMenu = rowsets.filter((rs) => rs.menu_sort > 0).sort((a, b) => a.menu_sort - b.menu_sort);
  const menuIds = inMenu.map((rs) => rs.id);
  const toggle = (rs: Rowset) =>
    menu.mutate(rs.menu_sort > 0 ? menuIds.filter((id) => id !== rs.id) : [...menuIds, rs.id]);
  const move = (rs: Rowset, by: number) => {
    const i = menuIds.indexOf(rs.id);
    menu.mutate(moved(menuIds, i, i + by));
  };
  const name = (rs: Rowset) => (isHome(rs) ? t('rowsets.home') : rs.title);

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <PagesNav />
      <p className={`${styles.muted} ${styles.small}`}>{t('rowsets.intro')}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {menu.error && (
        <p role="alert" className={styles.errorText}>
          {errorText(tc, menu.error)}
        </p>
      )}
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TableFrame label={t('rowsets.caption')} busy={menu.isPending}>
          <table className={styles.table}>
            <caption>{t('rowsets.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rowsets.page')}</th>
                <th scope="col">{t('rowsets.shownAs')}</th>
                <th scope="col">{t('rowsets.template')}</th>
                <th scope="col">{t('rowsets.rows')}</th>
                <th scope="col">{t('menu.column')}</th>
              </tr>
            </thead>
            <tbody>
              {rowsets.map((rs) => {
                const at = menuIds.indexOf(rs.id);
                return (
                  <tr key={rs.id}>
                    <th scope="row">
                      <Link to={paths.pagesRowset(rs.id)}>{name(rs)}</Link>
                    </th>
                    <td>{rs.title}</td>
                    <td className={styles.mono}>{rs.template}</td>
                    <td className={styles.num}>{rs.rows_count}</td>
                    <td>
                      <div className={styles.actions}>
                        <label className={styles.nowrap}>
                          <input type="checkbox" checked={at >= 0} disabled={menu.isPending} onChange={() => toggle(rs)} />{' '}
                          {t('menu.inMenu', { title: name(rs) })}
                        </label>
                        {at >= 0 && (
                          <>
                            <button type="button" disabled={at === 0 || menu.isPending} onClick={() => move(rs, -1)} aria-label={t('menu.up', { title: name(rs) })}>
                              ↑
                            </button>
                            <button
                              type="button"
                              disabled={at === menuIds.length - 1 || menu.isPending}
                              onClick={() => move(rs, 1)}
                              aria-label={t('menu.down', { title: name(rs) })}
                            >
                              ↓
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}
