import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// Messages to viewers and surveys (api/openapi.yaml, /v2/operator/messages and /surveys).

type Schemas = components['schemas'];
export type MessageBroadcast = Schemas['MessageBroadcast'];
export type OperatorSurvey = Schemas['OperatorSurvey'];
export type SurveyResults = Schemas['SurveyResults'];

export interface SendFields {
  title: string;
  text: string;
  link?: string;
  audience: 'all' | 'packet' | 'user';
  packet_id?: number;
  user_id?: number;
  /** Unix seconds; left out: now. */
  send_at?: number;
  /** Also as a web push to the recipients' subscribed devices. */
  push?: boolean;
}

export interface SurveyFields {
  title: string;
  active: boolean;
  questions: { question: string; description?: string; allow_user_answer: boolean; answers: { text: string }[] }[];
}

export const engageKeys = {
  messages: ['operator', 'messages'] as const,
  surveys: ['operator', 'surveys'] as const,
  results: (id: number) => ['operator', 'surveys', id, 'results'] as const,
};

export const messagesQuery = () =>
  queryOptions({
    queryKey: engageKeys.messages,
    queryFn: ({ signal }) => consoleFetch<MessageBroadcast[]>('/messages', { query: { limit: 100 }, signal }),
  });

export const surveysQuery = () =>
  queryOptions({
    queryKey: engageKeys.surveys,
    queryFn: ({ signal }) => consoleFetch<OperatorSurvey[]>('/surveys', { signal }),
  });

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: engageKeys.results(id),
    queryFn: ({ signal }) => consoleFetch<SurveyResults>(`/surveys/${id}/results`, { signal }),
  });

export const sendMessage = (fields: SendFields) => consoleFetch<MessageBroadcast>('/messages', { method: 'POST', body: fields });

export const cancelMessage = (id: number) => consoleFetch<MessageBroadcast>(`/messages/${id}/cancel`, { method: 'POST' });

export const createSurvey = (fields: SurveyFields) => consoleFetch<OperatorSurvey>('/surveys', { method: 'POST', body: fields });

export const patchSurvey = (id: number, fields: SurveyFields) => consoleFetch<OperatorSurvey>(`/surveys/${id}`, { method: 'PATCH', body: fields });

export const setSurveyActive = (id: number, active: boolean) =>
  consoleFetch<OperatorSurvey>(`/surveys/${id}`, { method: 'PATCH', body: { active } });
