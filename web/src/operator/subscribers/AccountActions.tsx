import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { SubscriberRow } from '../api/types';
import styles from '../ui/console.module.css';
import { InlineConfirm, StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { endSessions, resetParentalPin, setBlocked, subscriberKeys, subscriberName } from './api';
import own from './card.module.css';
import { useCardRefresh } from './useCardRefresh';

type Asking = 'block' | 'sessions' | 'pin';

/**
 * The account's actions (subscribers.write): block or unblock, end every session, reset
 * the parental PIN. Each asks first; the answer is said in a live region.
 */
export function AccountActions({ id, subscriber }: { id: string; subscriber: SubscriberRow }) {
  const { t } = useTranslation('operator');
  const { patch, refresh, client } = useCardRefresh(id);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [done, setDone] = useState('');
  const group = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();
  const name = subscriberName(subscriber);

  const close = (which: Asking) => {
    setAsking(null);
    focusLater(() => group.current?.querySelector<HTMLElement>(`[data-action="${which}"]`));
  };
  const block = useMutation({
    mutationFn: (blocked: boolean) => setBlocked(id, blocked),
    onSuccess: (row) => {
      patch((c) => ({ ...c, subscriber: row }));
      void client.invalidateQueries({ queryKey: subscriberKeys.all });
      setDone(row.blocked ? t('card.blockedDone', { name }) : t('card.unblockedDone', { name }));
      close('block');
    },
  });
  const sessions = useMutation({
    mutationFn: () => endSessions(id),
    onSuccess: () => {
      void refresh();
      setDone(t('card.sessionsEnded', { name }));
      close('sessions');
    },
  });
  const pin = useMutation({
    mutationFn: () => resetParentalPin(id),
    onSuccess: () => {
      void refresh();
      setDone(t('card.pinSent'));
      close('pin');
    },
  });
  const busy = block.isPending || sessions.isPending || pin.isPending;

  const ask = (which: Asking) => {
    block.reset();
    sessions.reset();
    pin.reset();
    setDone('');
    setAsking(which);
  };

  const confirmation =
    asking === 'block'
      ? {
          label: subscriber.blocked ? t('card.unblock') : t('card.block'),
          question: subscriber.blocked ? t('card.confirmUnblock', { name }) : t('card.confirmBlock', { name }),
          action: subscriber.blocked ? t('card.unblock') : t('card.block'),
          run: () => block.mutate(!subscriber.blocked),
          error: block.error,
        }
      : asking === 'sessions'
        ? {
            label: t('card.endSessions'),
            question: t('card.confirmEndSessions', { name }),
            action: t('card.endSessions'),
            run: () => sessions.mutate(),
            error: sessions.error,
          }
        : asking === 'pin'
          ? {
              label: t('card.resetPin'),
              question: t('card.confirmResetPin', { name }),
              action: t('card.resetPinAction'),
              run: () => pin.mutate(),
              error: pin.error,
            }
          : null;

  return (
    <div className={own.account}>
      <div ref={group} role="group" aria-label={t('card.accountActions')} className={styles.actions}>
        <Button
          size="small"
          variant={subscriber.blocked ? 'primary' : 'secondary'}
          data-action="block"
          aria-expanded={asking === 'block'}
          disabled={busy}
          onClick={() => ask('block')}
        >
          {subscriber.blocked ? t('card.unblock') : t('card.block')}
        </Button>
        <Button size="small" variant="secondary" data-action="sessions" aria-expanded={asking === 'sessions'} disabled={busy} onClick={() => ask('sessions')}>
          {t('card.endSessions')}
        </Button>
        <Button size="small" variant="secondary" data-action="pin" aria-expanded={asking === 'pin'} disabled={busy} onClick={() => ask('pin')}>
          {t('card.resetPin')}
        </Button>
      </div>
      {asking && confirmation && (
        <InlineConfirm
          label={confirmation.label}
          question={confirmation.question}
          action={confirmation.action}
          busy={busy}
          error={confirmation.error ? errorText(t, confirmation.error) : null}
          onConfirm={confirmation.run}
          onCancel={() => close(asking)}
        />
      )}
      <StatusNote text={done} />
    </div>
  );
}
