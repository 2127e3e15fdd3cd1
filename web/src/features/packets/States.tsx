import { useTranslation } from 'react-i18next';
import { useConfiguration } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useDocumentMeta } from '@/shared/lib/useDocumentMeta';
import { useSession } from '@/shared/session';
import { Button, ButtonLink } from '@/shared/ui';
import styles from './Packets.module.css';

/** Buying is offered when the platform takes payments and the profile is not a child's (spec 6). */
export function useCanBuy(): boolean {
  const config = useConfiguration();
  const { profile } = useSession();
  return config.payment_enabled && profile?.role !== 'child';
}

export const useIsChild = () => useSession().profile?.role === 'child';

/** The not-found page of spec 2 for a packet (kind "subscription packet"), never indexed. */
export function PacketNotFound({ kind = 'packet' }: { kind?: 'packet' | 'generic' }) {
  const { t } = useTranslation();
  const text = kind === 'packet' ? t('notFound.packet') : t('notFound.generic');
  useDocumentMeta({ title: `${t('notFound.code')} · ${text}`, noindex: true });
  return (
    <section className={styles.notFound} aria-labelledby="packet-not-found-title" data-packet-not-found="1">
      <p className={styles.code} aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="packet-not-found-title">{text}</h1>
      <ButtonLink to="/">{t('app.toHome')}</ButtonLink>
    </section>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loadError} role="alert">
      <p className={styles.muted}>{errorMessage(t, error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('packets.retry')}
      </Button>
    </div>
  );
}
