import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { paths } from '../paths';
import own from '../promo/promo.module.css';
import styles from '../ui/console.module.css';
import { StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { engageKeys, resultsQuery, setSurveyActive, surveysQuery, type OperatorSurvey } from './api';
import { SurveyForm } from './SurveyForm';

/** The operator's surveys: make one, turn it on or off, read its answers. */
export function SurveysSection() {
  const { t } = useTranslation('operator-engage');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const surveys = useQuery(surveysQuery());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OperatorSurvey | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const focusLater = useFocusLater();
  const toggle = useMutation({
    mutationFn: (s: OperatorSurvey) => setSurveyActive(s.id, !s.active),
    onSuccess: (s) => {
      setDone(s.active ? t('surveys.nowActive', { title: s.title }) : t('surveys.nowInactive', { title: s.title }));
      void client.invalidateQueries({ queryKey: engageKeys.surveys });
    },
  });

  return (
    <section className={styles.section} aria-labelledby="surveys-title">
      <div className={styles.pageHead}>
        <h2 id="surveys-title">{t('surveys.title')}</h2>
        {!creating && !editing && (
          <Button id="survey-new" size="small" variant="secondary" onClick={() => (setDone(''), setCreating(true))}>
            {t('surveys.new')}
          </Button>
        )}
      </div>
      <StatusNote text={done} />
      {creating && (
        <SurveyForm
          onDone={(s) => {
            setCreating(false);
            setDone(t('surveys.created', { title: s.title }));
            focusLater(() => document.getElementById('survey-new'));
          }}
          onCancel={() => {
            setCreating(false);
            focusLater(() => document.getElementById('survey-new'));
          }}
        />
      )}
      {editing && (
        <SurveyForm
          key={editing.id}
          survey={editing}
          onDone={(s) => {
            setEditing(null);
            setDone(t('surveys.saved', { title: s.title }));
            focusLater(() => document.getElementById(`survey-${s.id}`));
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {toggle.error && (
        <p className={styles.errorText} role="alert">
          {errorText(tc, toggle.error)}
        </p>
      )}
      {!surveys.data ? (
        <QueryState error={surveys.error} onRetry={() => void surveys.refetch()} />
      ) : surveys.data.length === 0 ? (
        <p className={styles.muted}>{t('surveys.none')}</p>
      ) : (
        <TableFrame label={t('surveys.caption')}>
          <table className={styles.table}>
            <caption>{t('surveys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('surveys.name')}</th>
                <th scope="col">{t('surveys.questions')}</th>
                <th scope="col">{t('surveys.respondents')}</th>
                <th scope="col">{t('surveys.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('promo.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {surveys.data.map((s) => (
                <tr key={s.id}>
                  <th scope="row" id={`survey-${s.id}`}>
                    {s.title}
                    <div className={`${styles.muted} ${styles.small}`}>{s.questions.map((q) => `#${q.id}`).join(', ')}</div>
                  </th>
                  <td className={styles.num}>{s.questions.length}</td>
                  <td className={styles.num}>{s.answers}</td>
                  <td>
                    <span className={styles.pill} data-tone={s.active ? 'good' : 'warn'}>
                      {s.active ? t('surveys.active') : t('surveys.inactive')}
                    </span>
                  </td>
                  <td>
                    <span className={own.rowActions}>
                      <Button size="small" variant="secondary" aria-describedby={`survey-${s.id}`} disabled={toggle.isPending} onClick={() => toggle.mutate(s)}>
                        {s.active ? t('surveys.turnOff') : t('surveys.turnOn')}
                      </Button>
                      {s.answers === 0 && !creating && (
                        <Button size="small" variant="secondary" aria-describedby={`survey-${s.id}`} onClick={() => (setDone(''), setEditing(s))}>
                          {t('surveys.edit')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        variant="ghost"
                        aria-expanded={open === s.id}
                        aria-describedby={`survey-${s.id}`}
                        onClick={() => setOpen(open === s.id ? null : s.id)}
                      >
                        {t('surveys.results')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {open !== null && <SurveyResultsPanel id={open} />}
    </section>
  );
}

function SurveyResultsPanel({ id }: { id: number }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const results = useQuery(resultsQuery(id));
  const data = results.data;
  if (!data) return <QueryState error={results.error} onRetry={() => void results.refetch()} />;
  const optionText = new Map(data.survey.questions.flatMap((q) => q.answers.map((a) => [a.id, a.text] as const)));
  const questionText = new Map(data.survey.questions.map((q) => [q.id, q.question] as const));
  return (
    <section className={styles.panel} aria-labelledby={`results-${id}`}>
      <h3 id={`results-${id}`}>{t('surveys.resultsOf', { title: data.survey.title })}</h3>
      <p aria-live="polite">{t('surveys.respondentsCount', { count: data.respondents })}</p>
      {data.questions.map((q) => (
        <div key={q.id} className={styles.section}>
          <h4>{q.question}</h4>
          <p className={`${styles.muted} ${styles.small}`}>{t('surveys.answered', { count: q.answered })}</p>
          {q.options.length > 0 && (
            <TableFrame label={t('surveys.optionsOf', { question: q.question })}>
              <table className={styles.table}>
                <caption>{t('surveys.optionsOf', { question: q.question })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('surveys.option')}</th>
                    <th scope="col">{t('surveys.votes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.options.map((o) => (
                    <tr key={o.id}>
                      <th scope="row">{o.text}</th>
                      <td className={styles.num}>{o.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
          {q.texts.length > 0 && (
            <ul aria-label={t('surveys.freeAnswers')}>
              {q.texts.map((x, i) => (
                <li key={i}>
                  {x.text}{' '}
                  <Link className={styles.small} to={paths.subscriber(x.user_id)}>
                    #{x.user_id}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {data.viewers.length > 0 && (
        <TableFrame label={t('surveys.byViewer')}>
          <table className={styles.table}>
            <caption>{t('surveys.byViewer')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('report.viewer')}</th>
                <th scope="col">{t('surveys.question')}</th>
                <th scope="col">{t('surveys.answer')}</th>
                <th scope="col">{t('report.when')}</th>
              </tr>
            </thead>
            <tbody>
              {data.viewers.map((v) => (
                <tr key={`${v.user_id}-${v.question_id}`}>
                  <th scope="row">
                    <Link to={paths.subscriber(v.user_id)}>{v.login || `#${v.user_id}`}</Link>
                  </th>
                  <td>{questionText.get(v.question_id) ?? `#${v.question_id}`}</td>
                  <td>{[...v.answer_ids.map((a) => optionText.get(a) ?? `#${a}`), v.user_text].filter(Boolean).join('; ')}</td>
                  <td className={styles.nowrap}>{formatUnixDateTime(v.created_at, i18n.language) ?? tc('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
