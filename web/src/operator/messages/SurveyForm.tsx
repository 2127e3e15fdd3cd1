import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import { FormError } from '@/shared/ui/Field';
import own from '../promo/promo.module.css';
import styles from '../ui/console.module.css';
import { errorText } from '../ui/errorText';
import { createSurvey, engageKeys, patchSurvey, type OperatorSurvey, type SurveyFields } from './api';

interface Draft {
  key: number;
  question: string;
  description: string;
  options: string;
  free: boolean;
}

let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, question: '', description: '', options: '', free: false });

const draftOf = (q: OperatorSurvey['questions'][number]): Draft => ({
  key: nextKey++,
  question: q.question,
  description: q.description,
  options: q.answers.map((a) => a.text).join('\n'),
  free: q.allow_user_answer,
});

/**
 * A survey's title, questions (answer options one per line and/or free text) and whether viewers see it: a new one,
 * or one nobody has answered yet (survey given).
 */
export function SurveyForm({ survey, onDone, onCancel }: { survey?: OperatorSurvey; onDone: (s: OperatorSurvey) => void; onCancel: () => void }) {
  const { t } = useTranslation('operator-engage');
  const { t: tc } = useTranslation('operator');
  const client = useQueryClient();
  const [title, setTitle] = useState(survey?.title ?? '');
  const [active, setActive] = useState(survey?.active ?? true);
  const [questions, setQuestions] = useState<Draft[]>(() => (survey ? survey.questions.map(draftOf) : [blank()]));
  const [problem, setProblem] = useState('');
  const id = useId();
  const create = useMutation({
    mutationFn: (fields: SurveyFields) => (survey ? patchSurvey(survey.id, fields) : createSurvey(fields)),
    onSuccess: (s) => {
      void client.invalidateQueries({ queryKey: engageKeys.surveys });
      onDone(s);
    },
  });
  const change = (key: number, patch: Partial<Draft>) => setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields: SurveyFields = {
      title: title.trim(),
      active,
      questions: questions.map((q) => ({
        question: q.question.trim(),
        description: q.description.trim(),
        allow_user_answer: q.free,
        answers: q.options
          .split('\n')
          .map((o) => o.trim())
          .filter(Boolean)
          .map((text) => ({ text })),
      })),
    };
    let p = '';
    if (!fields.title) p = t('surveys.titleRequired');
    else if (fields.questions.some((q) => !q.question)) p = t('surveys.questionRequired');
    else if (fields.questions.some((q) => q.answers.length === 0 && !q.allow_user_answer)) p = t('surveys.optionsRequired');
    setProblem(p);
    if (!p) create.mutate(fields);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{survey ? t('surveys.editTitle', { title: survey.title }) : t('surveys.formTitle')}</h3>
      <form onSubmit={submit} noValidate className={own.form}>
        <div className={styles.control}>
          <label htmlFor={`${id}-t`} className={styles.label}>
            {t('surveys.name')}
          </label>
          <input id={`${id}-t`} className={styles.input} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <label className={own.choice}>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('surveys.activeLabel')}
        </label>
        {questions.map((q, i) => (
          <fieldset key={q.key} className={own.question}>
            <legend className={styles.label}>{t('surveys.questionN', { n: i + 1 })}</legend>
            <div className={styles.control}>
              <label htmlFor={`${id}-${q.key}-q`} className={styles.label}>
                {t('surveys.question')}
              </label>
              <input id={`${id}-${q.key}-q`} className={styles.input} value={q.question} maxLength={500} onChange={(e) => change(q.key, { question: e.target.value })} />
            </div>
            <div className={styles.control}>
              <label htmlFor={`${id}-${q.key}-d`} className={styles.label}>
                {t('surveys.description')}
              </label>
              <input id={`${id}-${q.key}-d`} className={styles.input} value={q.description} maxLength={1000} onChange={(e) => change(q.key, { description: e.target.value })} />
            </div>
            <div className={styles.control}>
              <label htmlFor={`${id}-${q.key}-o`} className={styles.label}>
                {t('surveys.options')}
              </label>
              <textarea
                id={`${id}-${q.key}-o`}
                className={`${styles.input} ${own.textarea}`}
                value={q.options}
                onChange={(e) => change(q.key, { options: e.target.value })}
                aria-describedby={`${id}-${q.key}-oh`}
              />
              <span id={`${id}-${q.key}-oh`} className={styles.hint}>
                {t('surveys.optionsHint')}
              </span>
            </div>
            <label className={own.choice}>
              <input type="checkbox" checked={q.free} onChange={(e) => change(q.key, { free: e.target.checked })} />
              {t('surveys.freeText')}
            </label>
            {questions.length > 1 && (
              <Button size="small" variant="ghost" onClick={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}>
                {t('surveys.removeQuestion', { n: i + 1 })}
              </Button>
            )}
          </fieldset>
        ))}
        <div>
          <Button size="small" variant="secondary" onClick={() => setQuestions((qs) => [...qs, blank()])} disabled={questions.length >= 50}>
            {t('surveys.addQuestion')}
          </Button>
        </div>
        <FormError message={problem || (create.error ? errorText(tc, create.error) : null)} />
        <div className={styles.actions}>
          <Button type="submit" disabled={create.isPending}>
            {survey ? t('surveys.save') : t('surveys.create')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
            {tc('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
