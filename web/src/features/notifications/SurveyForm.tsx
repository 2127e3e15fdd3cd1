import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { Button, showAlert } from '@/shared/ui';
import { answerSurvey, surveyKeys, surveyQuestionQuery } from './api';
import styles from './Notifications.module.css';

/** The answer is something: an answer chosen or free text that is not blank (spec 5). */
export function isSurveyAnswered(answerIds: readonly number[], userText: string): boolean {
  return answerIds.length > 0 || userText.trim() !== '';
}

/**
 * The survey notice (catalogue spec 4 "Survey"): the question, its answers (checkboxes; a
 * row of marks for a rating question) and free text when the question allows it. Nothing
 * chosen: the alert 'none field is selected'. Sending hides the notice; a failure is
 * logged and hides it too.
 */
export function SurveyForm({
  questionId,
  rating,
  titleId,
  onDone,
}: {
  questionId: number;
  rating: boolean;
  titleId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const question = useQuery(surveyQuestionQuery(questionId, token)).data;
  const [chosen, setChosen] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textId = useId();
  if (!question) return null;

  const toggle = (id: number) =>
    setChosen((list) => (rating ? [id] : list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isSurveyAnswered(chosen, text)) {
      showAlert(t('notifications.survey.noneSelected'), { kind: 'warning' });
      return;
    }
    setSending(true);
    try {
      await answerSurvey(questionId, { answer_ids: chosen, user_text: question!.allow_user_answer ? text.trim() : '' });
      showAlert(t('notifications.survey.thanks'));
    } catch (err) {
      console.warn('survey answer failed', err);
    } finally {
      setSending(false);
      onDone();
      void queryClient.invalidateQueries({ queryKey: surveyKeys.all });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend id={titleId} className={styles.title}>
          {question.question}
        </legend>
        {question.description && <p className={styles.text}>{question.description}</p>}
        <div className={rating ? styles.rating : styles.options}>
          {question.answers.map((a) => (
            <label key={a.id} className={rating ? styles.mark : styles.option}>
              <input
                type={rating ? 'radio' : 'checkbox'}
                name={`survey-${questionId}`}
                checked={chosen.includes(a.id)}
                onChange={() => toggle(a.id)}
              />
              <span>{a.text}</span>
            </label>
          ))}
        </div>
        {question.allow_user_answer && (
          <>
            <label htmlFor={textId} className={styles.label}>
              {t('notifications.survey.ownAnswer')}
            </label>
            <textarea
              id={textId}
              className={styles.textarea}
              value={text}
              maxLength={2000}
              rows={2}
              onChange={(e) => setText(e.target.value)}
            />
          </>
        )}
      </fieldset>
      <Button type="submit" size="small" disabled={sending}>
        {t('notifications.survey.send')}
      </Button>
    </form>
  );
}
