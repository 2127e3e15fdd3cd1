import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { showAlert } from '@/shared/ui';
import { trailerPath } from './links';
import styles from './Content.module.css';

export interface WatchButtonLook {
  caption: string;
  sub?: string;
  /** The play mark (not on the buy button). */
  play?: boolean;
  pending: boolean;
  onClick(): void;
}

/** The watch button: caption (watch, continue, buy) and a second line (episode, price). */
export function WatchButton({ look, className }: { look: WatchButtonLook; className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.watch} ${className ?? ''}`}
      onClick={look.onClick}
      disabled={look.pending}
      aria-busy={look.pending || undefined}
      data-action="watch"
    >
      {look.play !== false && (
        <span className={styles.watchIcon} aria-hidden="true">
          ▶
        </span>
      )}
      <span className={styles.watchText}>
        <span>{look.pending ? t('app.loading') : look.caption}</span>
        {look.sub && !look.pending ? <span className={styles.watchSub}>{look.sub}</span> : null}
      </span>
    </button>
  );
}

export function FavoriteButton({ favored, busy, onToggle }: { favored: boolean; busy: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.action} aria-pressed={favored} disabled={busy} onClick={onToggle} data-action="favorite">
      <span aria-hidden="true">{favored ? '♥' : '♡'}</span> {favored ? t('content.inFavorites') : t('content.addFavorite')}
    </button>
  );
}

export function TrailerButton({ trailerId }: { trailerId: number }) {
  const { t } = useTranslation();
  const state = useModalPageState();
  return (
    <Link to={trailerPath(trailerId)} state={state} className={styles.action} data-action="trailer">
      {t('content.trailer')}
    </Link>
  );
}

/** Share: the system sheet where there is one, else the link copied. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      showAlert(t('content.linkCopied'));
    } catch (e) {
      if ((e as Error)?.name !== 'AbortError') showAlert(t('content.shareError'), { kind: 'error' });
    }
  };
  return (
    <button type="button" className={styles.action} onClick={() => void share()} data-action="share">
      {t('content.share')}
    </button>
  );
}
