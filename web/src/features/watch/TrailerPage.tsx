import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { idFromSegment, MissingState, QueryState } from '@/features/content';
import { usePinRetry } from '@/features/parental';
import { Player, type PlayerSource } from '@/features/player';
import { trailerUrl, useTrailerStream } from '@/shared/api';
import styles from './Watch.module.css';

/** /trailers/{id} (spec 2): the trailer alone; no history and no next episode. */
export function TrailerPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const trailerId = idFromSegment(id);
  const stream = useTrailerStream(trailerId, true);
  // The trailer of an 18+ content needs the PIN as the content does.
  const refetchStream = stream.refetch;
  const retryStream = useCallback(() => void refetchStream(), [refetchStream]);
  const pinRequired = usePinRetry(stream.error, 'vod', retryStream).required;
  if (trailerId === null) return <MissingState />;
  const url = trailerUrl(stream.data);
  if (!url) return <QueryState error={pinRequired ? null : stream.error} onRetry={() => void stream.refetch()} />;
  const source: PlayerSource = { url, kind: 'trailer', title: t('watch.trailer') };
  return (
    <div className={styles.watch} data-trailer-id={trailerId}>
      <div className={styles.stage}>
        <Player source={source} />
      </div>
      <div className={styles.info}>
        <h1 className={styles.title}>{t('watch.trailer')}</h1>
      </div>
    </div>
  );
}
