import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { consoleFetch } from '../api/client';
import { Permission } from '../api/types';
import { useStaffSession } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { TableFrame } from '../ui/TableFrame';

/** What an import does (or did), as the server reports it. */
export interface ImportReport {
  rows: number;
  create: number;
  update: number;
  applied: boolean;
  problems: { line: number; field: string; message: string }[];
}

export const EXPORT_URL = '/v2/operator/subscribers/export';

const importFile = (file: File, apply: boolean) =>
  consoleFetch<ImportReport>('/subscribers/import', { method: 'POST', query: { apply }, raw: { body: file, type: 'text/csv' } });

/**
 * Subscribers in and out as CSV: the export link, and an import that is checked first (the
 * rows' problems listed by line) and then applied all at once, only when no row has a problem.
 */
export function SubscribersCsv() {
  const { t } = useTranslation('operator');
  const { permissions } = useStaffSession();
  const canImport = permissions.includes(Permission.subscribersWrite);
  const [file, setFile] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const hintId = useId();
  const check = useMutation({ mutationFn: (f: File) => importFile(f, false) });
  const apply = useMutation({ mutationFn: (f: File) => importFile(f, true) });
  const report = apply.data ?? check.data;
  const checkedThisFile = check.data && check.variables === file;

  const choose = (f: File | null) => {
    setFile(f);
    check.reset();
    apply.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) check.mutate(file);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${fileId}-h`}>
      <div className={styles.pageHead}>
        <h2 id={`${fileId}-h`}>{t('subscribersCsv.title')}</h2>
        <a className={styles.strong} href={EXPORT_URL} download>
          {t('subscribersCsv.export')}
        </a>
      </div>
      {canImport && (
        <form className={styles.formRow} onSubmit={submit}>
          <div className={`${styles.control} ${styles.grow}`}>
            <label htmlFor={fileId} className={styles.label}>
              {t('subscribersCsv.file')}
            </label>
            <input
              ref={inputRef}
              id={fileId}
              className={styles.input}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <span id={hintId} className={styles.hint}>
              {t('subscribersCsv.hint')}
            </span>
          </div>
          <Button type="submit" size="small" className={styles.besideField} disabled={!file || check.isPending}>
            {t('subscribersCsv.check')}
          </Button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {check.isPending && <p className={styles.muted}>{t('subscribersCsv.checking')}</p>}
        {apply.isPending && <p className={styles.muted}>{t('subscribersCsv.importing')}</p>}
        {report && <ImportSummary report={report} />}
      </div>
      {(check.error || apply.error) && (
        <p className={`${styles.errorText} ${styles.small}`} role="alert">
          {errorText(t, check.error ?? apply.error)}
        </p>
      )}
      {report && !report.applied && report.problems.length > 0 && <Problems report={report} />}
      {checkedThisFile && !apply.data && report && report.problems.length === 0 && report.rows > 0 && file && (
        <Button type="button" size="small" onClick={() => apply.mutate(file)} disabled={apply.isPending}>
          {t('subscribersCsv.apply', { count: report.create + report.update })}
        </Button>
      )}
    </section>
  );
}

function ImportSummary({ report }: { report: ImportReport }) {
  const { t } = useTranslation('operator');
  const counts = { rows: report.rows, create: report.create, update: report.update };
  if (report.applied) return <p className={styles.notice}>{t('subscribersCsv.done', counts)}</p>;
  if (report.problems.length > 0) {
    return <p className={styles.notice}>{t('subscribersCsv.problems', { count: report.problems.length, rows: report.rows })}</p>;
  }
  return <p className={styles.notice}>{t('subscribersCsv.ready', counts)}</p>;
}

function Problems({ report }: { report: ImportReport }) {
  const { t } = useTranslation('operator');
  return (
    <TableFrame label={t('subscribersCsv.problemsCaption')}>
      <table className={styles.table}>
        <caption>{t('subscribersCsv.problemsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('subscribersCsv.line')}</th>
            <th scope="col">{t('subscribersCsv.field')}</th>
            <th scope="col">{t('subscribersCsv.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {report.problems.map((p, i) => (
            <tr key={`${p.line}-${p.field}-${i}`}>
              <td className={styles.num}>{p.line}</td>
              <td>{p.field}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
