import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type Message, type User } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { isRatingQuestion, type PollOffer, type SurveyOffer } from './rules';

// The box's calls: the notification's survey question and its answer (catalogue spec 7
// "Survey"), and the e-mail saved on the user (PATCH /v2/users/self).

export type SurveyQuestion = components['schemas']['SurveyQuestion'];

export const surveyKeys = {
  all: ['survey'] as const,
  question: (id: number, token: string | null) => [...surveyKeys.all, id, token] as const,
};

export const surveyQuestionQuery = (id: number, token: string | null) =>
  queryOptions({
    queryKey: surveyKeys.question(id, token),
    queryFn: ({ signal }) => apiFetch<SurveyQuestion>(`/survey/questions/${id}`, { signal }),
    enabled: id > 0 && token !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });

export interface SurveyAnswer {
  answer_ids: number[];
  user_text: string;
}

export const answerSurvey = (id: number, answer: SurveyAnswer) =>
  apiFetch<void>(`/survey/questions/${id}/answers`, { method: 'POST', body: answer });

export const saveEmail = (email: string) => apiFetch<User>('/users/self', { method: 'PATCH', body: { email } });

/** The offer of a loaded question: none once this viewer answered it. */
export function surveyOffer(q: SurveyQuestion | undefined): SurveyOffer | null {
  if (!q || q.answered) return null;
  return { questionId: q.id, kind: isRatingQuestion(q) ? 'surveyRate' : 'unsubscribeSurvey' };
}

/** The newest message that links an outside page (an external poll), if any. */
export function pollOffer(messages: readonly Message[] | undefined, origin: string): PollOffer | null {
  for (const m of messages ?? []) {
    if (m.removed || !m.link) continue;
    try {
      const url = new URL(m.link);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== origin) {
        return { messageId: m.id, url: url.href, title: m.title };
      }
    } catch {
      // Not an address: no poll.
    }
  }
  return null;
}
