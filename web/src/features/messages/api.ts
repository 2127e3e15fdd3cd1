import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type Message } from '@/shared/api';

// The viewer's messages (spec 7 "User": GET and DELETE /v2/users/self/messages).

/** Messages refresh every 150 s while the app is active (spec 9). */
export const MESSAGES_REFRESH_MS = 150_000;
/** The server's page limit: the list shows the newest 100. */
const LIMIT = 100;

export const messageKeys = {
  all: ['messages'] as const,
  list: (token: string | null) => [...messageKeys.all, token] as const,
};

export const messagesQuery = (token: string | null) =>
  queryOptions({
    queryKey: messageKeys.list(token),
    queryFn: ({ signal }) => apiFetch<Message[]>('/users/self/messages', { query: { limit: LIMIT }, signal }),
    enabled: token !== null,
    select: (list) => list.filter((m) => !m.removed),
  });

export const deleteMessage = (id: number) => apiFetch<void>(`/users/self/messages/${id}`, { method: 'DELETE' });

export const deleteAllMessages = () => apiFetch<void>('/users/self/messages', { method: 'DELETE' });

/** The date of a message in the interface language, e.g. "12 Jan 2026, 14:05". */
export function formatMessageDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
