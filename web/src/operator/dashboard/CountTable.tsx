import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { TableFrame } from '../ui/TableFrame';

export interface CountRow {
  key: string | number;
  name: string;
  n: number;
}

/** A two-column table of the dashboard: names and their counts, or a line saying there are none. */
export function CountTable({ caption, column, countColumn, empty, rows }: { caption: string; column: string; countColumn: string; empty: string; rows: CountRow[] }) {
  const { i18n } = useTranslation('operator-dashboard');
  return (
    <TableFrame label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col" className={styles.num}>
              {countColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className={styles.muted}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.name}</th>
                <td className={styles.num}>{r.n.toLocaleString(i18n.language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}
