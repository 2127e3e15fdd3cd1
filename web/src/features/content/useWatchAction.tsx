import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePurchase } from '@/features/payments';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { showAlert } from '@/shared/ui';
import { libraryIdOf, withLibrary } from './api';
import { archivePath, rememberStartAfterBuy, watchPath } from './links';
import { NotAvailableModal, PacketsModal } from './PlayModals';
import { decidePlay } from './rules/play';
import type { CatchupSource, Content, ContentMeta, OfferedPacket } from './types';

type Shown = { kind: 'unavailable' } | { kind: 'pay'; packets: OfferedPacket[]; contentId: number } | null;

export interface WatchAction {
  /** Runs the play flow for `target` (the content or one of its episodes). */
  play(target: Content): void;
  /** The modal the flow opened (not available, packets), to render. */
  modal: ReactNode;
  /** The meta is not known yet: the watch button waits. */
  pending: boolean;
}

/**
 * The watch button of spec 4 "Content page and play flow" 3-5, decided on the content's
 * meta: an announcement is refused with its alert; a content that cannot be played shows
 * content_not_available (a programme's catch-up goes to the channel archive); an
 * unpurchased one remembers the start-after-buy id and lists the packets that sell it;
 * otherwise /watch opens (the PIN and the stream are the watch page's), carrying the page's
 * ?library_id when the content was opened from a library. The packets modal starts the
 * purchase (payments' usePurchase, mounted here too so a purchase a guest began goes on
 * after the sign-in) and closes once the meta says the content is bought.
 */
export function useWatchAction(meta: ContentMeta | undefined, latestSource: CatchupSource | null): WatchAction {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const library = libraryIdOf(useLocation().search);
  const modalState = useModalPageState();
  const [shown, setShown] = useState<Shown>(null);
  usePurchase();

  useEffect(() => {
    if (shown?.kind === 'pay' && meta?.is_purchased) setShown(null);
  }, [shown, meta?.is_purchased]);

  const play = (target: Content) => {
    if (!meta) return;
    if (target.is_announcement) {
      showAlert(t('content.warning_episode_is_announcement'), { kind: 'warning' });
      return;
    }
    const d = decidePlay(meta);
    switch (d.kind) {
      case 'schedule':
        navigate(archivePath(d.channelId, d.startAt));
        return;
      case 'unavailable':
        setShown({ kind: 'unavailable' });
        return;
      case 'pay':
        rememberStartAfterBuy(target.id);
        setShown({ kind: 'pay', packets: d.packets, contentId: target.id });
        return;
      case 'play':
        navigate(withLibrary(watchPath(target), library), { state: modalState });
    }
  };

  const close = () => setShown(null);
  const modal =
    shown?.kind === 'unavailable' ? (
      <NotAvailableModal latest={latestSource} onClose={close} />
    ) : shown?.kind === 'pay' ? (
      <PacketsModal packets={shown.packets} contentId={shown.contentId} onClose={close} />
    ) : null;
  return { play, modal, pending: !meta };
}
