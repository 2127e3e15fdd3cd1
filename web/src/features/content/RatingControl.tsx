import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import type { Content } from './types';
import { RATING_MAX, useRating, type UserRating } from './useRating';
import styles from './Rating.module.css';

const MARKS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** Only movies and series are rated (a season or an episode through its series). */
export const isRateable = (c: Pick<Content, 'content_type'>) => c.content_type === 'movie' || c.content_type === 'series';

/**
 * "Your rating" of the content page: ten marks for a signed-in viewer; guests get the
 * sign-in offer instead (as with favourites).
 */
export function RatingControl({ content, rating }: { content: Content; rating: UserRating | null | undefined }) {
  const { isLogged } = useSession();
  if (!isRateable(content)) return null;
  return isLogged ? <RatingScale contentId={content.id} stored={rating} /> : <RatingSignIn />;
}

function RatingSignIn() {
  const { t } = useTranslation();
  const { open } = useModalNavigation();
  return (
    <div className={styles.rating} data-testid="user-rating">
      <span className={styles.label}>{t('content.rating.yours')}</span>
      <button type="button" className={styles.signIn} onClick={() => open('auth')}>
        {t('content.rating.signIn')}
      </button>
    </div>
  );
}

/**
 * A radio group (WAI-ARIA pattern): one tab stop on the checked mark (the first when none);
 * arrows, Home and End move and check; Space or Enter checks the focused mark.
 */
function RatingScale({ contentId, stored }: { contentId: number; stored: UserRating | null | undefined }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { value, choose, clear } = useRating(contentId, stored);
  const marks = useRef<(HTMLButtonElement | null)[]>([]);
  const tabStop = value ?? 1;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Steps go from the focused mark (the first when nothing is checked yet).
    const focused = marks.current.indexOf(e.target as HTMLButtonElement) + 1;
    const from = focused || tabStop;
    const to = (() => {
      switch (e.key) {
        case 'ArrowRight':
        case 'ArrowUp':
          return Math.min(RATING_MAX, from + 1);
        case 'ArrowLeft':
        case 'ArrowDown':
          return Math.max(1, from - 1);
        case 'Home':
          return 1;
        case 'End':
          return RATING_MAX;
        default:
          return null;
      }
    })();
    if (to == null) return;
    e.preventDefault();
    marks.current[to - 1]?.focus();
    if (to !== value) choose(to, { later: true });
  };

  return (
    <div className={styles.rating} data-testid="user-rating">
      <span id={labelId} className={styles.label}>
        {t('content.rating.yours')}
        {value != null && (
          <span className={styles.value} aria-hidden="true">
            {' '}
            {value}/{RATING_MAX}
          </span>
        )}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.scale} onKeyDown={onKeyDown}>
        {MARKS.map((n) => (
          <button
            key={n}
            ref={(el) => {
              marks.current[n - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={t('content.rating.rateN', { n, max: RATING_MAX })}
            tabIndex={n === tabStop ? 0 : -1}
            className={styles.mark}
            data-filled={value != null && n <= value ? '' : undefined}
            onClick={() => n !== value && choose(n)}
          >
            {n}
          </button>
        ))}
      </div>
      {value != null && (
        <button
          type="button"
          className={styles.clear}
          onClick={() => {
            clear();
            // The button goes away with the rating: focus stays in the control.
            marks.current[0]?.focus();
          }}
        >
          {t('content.rating.clear')}
        </button>
      )}
    </div>
  );
}
