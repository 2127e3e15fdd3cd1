import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { catalogKeys, fileToText, runImport, type ImportReport } from './api';
import { CatalogNav } from './CatalogNav';
import own from './catalog.module.css';

/** Import of contents from CSV or JSON: check (a report, nothing written), then apply all or nothing. */
export default function ImportPage() {
  const { t } = useTranslation('operator-catalog');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [data, setData] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [checked, setChecked] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { format: useId(), file: useId(), data: useId(), report: useId() };
  useTitle(t('import.title'));

  const run = useMutation({
    mutationFn: (apply: boolean) => runImport({ format, data, apply }),
    onSuccess: (r) => {
      setReport(r);
      setChecked(r.applied ? '' : data);
      if (r.applied) void client.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
  const go = (apply: boolean) => {
    setMissing(!data.trim());
    if (data.trim()) run.mutate(apply);
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setData(await fileToText(file));
    if (file.name.toLowerCase().endsWith('.json')) setFormat('json');
    else if (file.name.toLowerCase().endsWith('.csv')) setFormat('csv');
    setReport(null);
  };
  const canApply = !!report && !report.applied && report.failed === 0 && checked === data;

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('import.title')}</h1>
      </div>
      <CatalogNav />
      <section className={styles.panel}>
        <p className={styles.small}>{t('import.intro')}</p>
        <p className={`${styles.muted} ${styles.small}`}>{t('import.columns')}</p>
        <div className={styles.formRow}>
          <div className={styles.control}>
            <label htmlFor={ids.format} className={styles.label}>
              {t('import.format')}
            </label>
            <select id={ids.format} className={styles.select} value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'json')}>
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </select>
          </div>
          <div className={styles.control}>
            <label htmlFor={ids.file} className={styles.label}>
              {t('import.file')}
            </label>
            <input id={ids.file} type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => void pick(e.target.files?.[0])} />
          </div>
        </div>
        <div className={styles.control}>
          <label htmlFor={ids.data} className={styles.label}>
            {t('import.data')}
          </label>
          <textarea
            id={ids.data}
            className={`${styles.input} ${own.textarea} ${styles.mono}`}
            value={data}
            onChange={(e) => setData(e.target.value)}
            rows={8}
            spellCheck={false}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ids.data}-error` : undefined}
          />
          {missing && (
            <span id={`${ids.data}-error`} className={`${styles.errorText} ${styles.small}`}>
              {t('import.empty')}
            </span>
          )}
        </div>
        <div className={own.saveBar}>
          <Button onClick={() => go(false)} disabled={run.isPending} variant="secondary">
            {run.isPending && !run.variables ? t('import.checking') : t('import.check')}
          </Button>
          <Button onClick={() => go(true)} disabled={run.isPending || !canApply}>
            {t('import.apply')}
          </Button>
        </div>
        <FormError message={run.error ? errorText(tc, run.error) : null} />
      </section>
      <div role="status" aria-live="polite">
        {report && (
          <p className={styles.notice} data-kind={report.applied ? 'success' : report.failed ? 'error' : 'warning'}>
            {t('import.summary', { created: report.created, updated: report.updated, failed: report.failed })}{' '}
            {report.applied ? t('import.appliedText') : report.failed ? t('import.hasFailed') : t('import.notApplied')}
          </p>
        )}
      </div>
      {report && report.rows.length > 0 && (
        <TableFrame label={t('import.caption')}>
          <table className={styles.table}>
            <caption>{t('import.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('import.line')}</th>
                <th scope="col">{t('import.name')}</th>
                <th scope="col">{t('import.result')}</th>
                <th scope="col">{t('import.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.line}>
                  <td className={styles.num}>{r.line}</td>
                  <th scope="row">{r.title || '—'}</th>
                  <td>
                    <span className={styles.pill} data-tone={r.status === 'failed' ? 'bad' : 'good'}>
                      {r.status === 'failed'
                        ? t('import.rowFailed')
                        : report.applied
                          ? t(r.status === 'created' ? 'import.rowCreated' : 'import.rowUpdated')
                          : t(r.status === 'created' ? 'import.toCreate' : 'import.toUpdate')}
                    </span>
                  </td>
                  <td>{r.reason ? `${r.field ? `${r.field}: ` : ''}${r.reason}` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}
