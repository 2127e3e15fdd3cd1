import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '@/shared/api';
import { showAlert } from '@/shared/ui';
import { contentKeys } from './queries';
import type { ContentMeta } from './types';

// The viewer's own rating of a movie or a series (content meta user_rating): 1..10 per
// profile, set with PUT and cleared with DELETE /v2/users/self/ratings/{id}.

export type UserRating = NonNullable<ContentMeta['user_rating']>;

export const RATING_MAX = 10;

/** Keyboard steps settle for this long before one save (arrows check each step). */
export const RATING_SAVE_DELAY_MS = 400;

const ratingPath = (contentId: number) => `/users/self/ratings/${contentId}`;

export const saveRating = (contentId: number, rating: number) =>
  apiFetch<UserRating>(ratingPath(contentId), { method: 'PUT', body: { rating } });

export const clearRating = (contentId: number) => apiFetch<void>(ratingPath(contentId), { method: 'DELETE' });

/** The mark of a rating answer ("7.00" -> 7); null for none or a broken value. */
export function ratingValue(r: UserRating | null | undefined): number | null {
  const n = r ? Math.round(Number(r.rating)) : NaN;
  return n >= 1 && n <= RATING_MAX ? n : null;
}

/**
 * The rating shown at once and saved behind it: a click saves now, arrow-key steps after a
 * short pause, clearing at once. A failed save goes back to what the server holds, with an
 * alert. Every change refreshes the content meta.
 */
export function useRating(contentId: number, stored: UserRating | null | undefined) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const server = ratingValue(stored);
  const [shown, setShown] = useState<number | null>(server);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const settling = useRef(false);

  // Follow the server unless a change of the viewer's is still on its way.
  useEffect(() => {
    if (!settling.current) setShown(server);
  }, [server, contentId]);

  const mutation = useMutation({
    mutationFn: async (value: number | null): Promise<UserRating | null> =>
      value == null ? clearRating(contentId).then(() => null) : saveRating(contentId, value),
    onSettled: () => {
      settling.current = timer.current != null;
      return client.invalidateQueries({ queryKey: contentKeys.metas() });
    },
    onError: () => {
      setShown(server);
      showAlert(t('content.rating.error'), { kind: 'error' });
    },
  });
  const { mutate } = mutation;

  const pending = useRef<number | null>(null);
  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  // Leaving the page mid-pause still saves the last step (the hook's own mutation is gone
  // by then, so the call is made directly).
  useEffect(
    () => () => {
      settling.current = false;
      if (!timer.current) return;
      cancelPending();
      const value = pending.current;
      if (value != null)
        void saveRating(contentId, value)
          .then(() => client.invalidateQueries({ queryKey: contentKeys.metas() }))
          .catch(() => undefined);
    },
    [client, contentId],
  );

  const choose = useCallback(
    (value: number, { later = false } = {}) => {
      cancelPending();
      settling.current = true;
      setShown(value);
      if (!later) {
        mutate(value);
        return;
      }
      pending.current = value;
      timer.current = setTimeout(() => {
        timer.current = null;
        mutate(value);
      }, RATING_SAVE_DELAY_MS);
    },
    [mutate],
  );

  const clear = useCallback(() => {
    cancelPending();
    settling.current = true;
    setShown(null);
    mutate(null);
  }, [mutate]);

  return { value: shown, choose, clear, busy: mutation.isPending };
}
