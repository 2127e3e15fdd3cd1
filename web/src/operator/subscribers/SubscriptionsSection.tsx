import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { StaffSubscription, Subscription } from '../api/types';
import { Permission } from '../api/types';
import { useCan } from '../session/StaffContext';
import styles from '../ui/console.module.css';
import { InlineConfirm, StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { formatUnixDate } from '../ui/format';
import { TableFrame } from '../ui/TableFrame';
import { changeSubscription, type SubscriptionChange } from './api';
import own from './card.module.css';
import { GrantForm } from './GrantForm';
import { PauseUntilForm } from './PauseUntilForm';
import { renewable, subscriptionType } from './labels';
import { useCardRefresh } from './useCardRefresh';

/**
 * The subscriptions. With subscribers.write each row has what its state allows (active:
 * pause, end, renewal of a paid or trial one; paused: resume, end; future: end; closed:
 * nothing), and a packet can be given. Ending asks first.
 */
export function SubscriptionsSection({ id, subscriptions }: { id: string; subscriptions: Subscription[] }) {
  const { t } = useTranslation('operator');
  const writable = useCan(Permission.subscribersWrite);
  const readsPackets = useCan(Permission.packetsRead);
  // The packet to give is picked from the operator's list, which needs packets.read.
  const canGrant = writable && readsPackets;
  const [granting, setGranting] = useState(false);
  const [done, setDone] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const grantButton = useRef<HTMLSpanElement>(null);
  const focusLater = useFocusLater();

  const closeGrant = (message?: string) => {
    setGranting(false);
    if (message) setDone(message);
    focusLater(() => grantButton.current?.querySelector('button'));
  };

  return (
    <section aria-labelledby="card-subscriptions" className={styles.section}>
      <div className={own.sectionHead}>
        <h2 id="card-subscriptions" ref={heading} tabIndex={-1}>
          {t('card.subscriptions')}
        </h2>
        {canGrant && (
          <span ref={grantButton}>
            <Button
              size="small"
              variant="secondary"
              aria-expanded={granting}
              onClick={() => {
                setDone('');
                setGranting((g) => !g);
              }}
            >
              {t('grant.open')}
            </Button>
          </span>
        )}
      </div>
      <StatusNote text={done} />
      {granting && <GrantForm id={id} onDone={(message) => closeGrant(message)} onCancel={() => closeGrant()} />}
      {subscriptions.length === 0 ? (
        <p className={styles.muted}>{t('card.noSubscriptions')}</p>
      ) : (
        <TableFrame label={t('card.subscriptionsCaption')}>
          <table className={styles.table}>
            <caption>{t('card.subscriptionsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('card.packet')}</th>
                <th scope="col">{t('card.type')}</th>
                <th scope="col">{t('card.state')}</th>
                <th scope="col">{t('card.from')}</th>
                <th scope="col">{t('card.until')}</th>
                <th scope="col">{t('card.renewal')}</th>
                {writable && <th scope="col">{t('card.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((sub) => (
                <SubscriptionRow
                  key={sub.id}
                  id={id}
                  sub={sub}
                  writable={writable}
                  onDone={(message, focusHeading) => {
                    setDone(message);
                    if (focusHeading) focusLater(() => heading.current);
                  }}
                />
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

const stateTone = (state: Subscription['state']) => (state === 'active' ? 'good' : state === 'paused' ? 'warn' : undefined);

function SubscriptionRow({
  id,
  sub,
  writable,
  onDone,
}: {
  id: string;
  sub: Subscription;
  writable: boolean;
  /** focusHeading: the row's buttons went away (it ended), so the focus needs a new place. */
  onDone: (message: string, focusHeading: boolean) => void;
}) {
  const { t, i18n } = useTranslation('operator');
  const { patch, refresh } = useCardRefresh(id);
  const [ending, setEnding] = useState(false);
  const [planning, setPlanning] = useState(false);
  const cell = useRef<HTMLTableCellElement>(null);
  const focusLater = useFocusLater();
  const rowHeader = useId();
  const none = t('common.none');
  const lng = i18n.language;
  const packet = sub.packet_name;

  const change = useMutation({
    mutationFn: (body: SubscriptionChange) => changeSubscription(id, sub.id, body),
    onSuccess: (saved: StaffSubscription, body) => {
      patch((c) => ({ ...c, subscriptions: c.subscriptions.map((s) => (s.id === saved.id ? saved : s)) }));
      void refresh();
      setEnding(false);
      setPlanning(false);
      const message =
        'resume_at' in body
          ? body.resume_at > 0
            ? t('card.resumePlanned', { packet, date: formatUnixDate(body.resume_at, lng) })
            : t('card.resumeUnplanned', { packet })
          : 'renew' in body
            ? t(body.renew ? 'card.renewOnDone' : 'card.renewOffDone', { packet })
            : t(body.action === 'end' ? 'card.endedDone' : body.action === 'pause' ? 'card.pausedDone' : 'card.resumedDone', { packet });
      onDone(message, saved.state === 'closed');
    },
  });
  const busy = change.isPending;
  const act = (body: SubscriptionChange) => {
    change.reset();
    change.mutate(body);
  };
  const canRenew = sub.state === 'active' && renewable(sub.type);

  return (
    <tr>
      <th scope="row" id={rowHeader}>
        <span className={styles.strong}>{packet}</span> <span className={`${styles.muted} ${styles.small}`}>#{sub.packet_id}</span>
      </th>
      <td>{subscriptionType(t, sub.type)}</td>
      <td>
        <span className={styles.pill} data-tone={stateTone(sub.state)}>
          {t(`card.states.${sub.state}`)}
        </span>
        {sub.state === 'paused' && sub.resume_at > 0 && (
          <span className={`${styles.muted} ${styles.small}`}> {t('card.resumesOn', { date: formatUnixDate(sub.resume_at, lng) })}</span>
        )}
      </td>
      <td className={styles.nowrap}>{formatUnixDate(sub.start_at, lng) ?? none}</td>
      <td className={styles.nowrap}>{formatUnixDate(sub.end_at, lng) ?? none}</td>
      <td>
        <span className={own.renewal}>
          <span>{sub.renew ? t('card.renewOn') : t('card.renewOff')}</span>
          {writable && canRenew && !ending && (
            <Button size="small" variant="ghost" aria-describedby={rowHeader} aria-disabled={busy || undefined} onClick={() => !busy && act({ renew: !sub.renew })}>
              {sub.renew ? t('card.renewTurnOff') : t('card.renewTurnOn')}
            </Button>
          )}
        </span>
      </td>
      {writable && (
        <td ref={cell}>
          {planning ? (
            <PauseUntilForm
              current={sub.resume_at}
              busy={busy}
              error={change.error ? errorText(t, change.error) : null}
              onSave={(at) => act({ resume_at: at })}
              onCancel={() => {
                setPlanning(false);
                change.reset();
              }}
            />
          ) : ending ? (
            <InlineConfirm
              label={t('card.end')}
              question={t('card.confirmEnd', { packet })}
              action={t('card.end')}
              busy={busy}
              error={change.error ? errorText(t, change.error) : null}
              onConfirm={() => act({ action: 'end' })}
              onCancel={() => {
                setEnding(false);
                change.reset();
                focusLater(() => cell.current?.querySelector<HTMLElement>('[data-end]'));
              }}
            />
          ) : (
            sub.state !== 'closed' && (
              <span className={styles.actions}>
                {(sub.state === 'active' || sub.state === 'paused') && (
                  // One button for both, so the focus stays on it when it turns into the other.
                  <Button
                    size="small"
                    variant="secondary"
                    aria-describedby={rowHeader}
                    aria-disabled={busy || undefined}
                    onClick={() => !busy && act({ action: sub.state === 'active' ? 'pause' : 'resume' })}
                  >
                    {sub.state === 'active' ? t('card.pause') : t('card.resume')}
                  </Button>
                )}
                {sub.state === 'paused' && (
                  <Button
                    size="small"
                    variant="secondary"
                    aria-describedby={rowHeader}
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (busy) return;
                      change.reset();
                      setPlanning(true);
                    }}
                  >
                    {t('card.planResume')}
                  </Button>
                )}
                <Button
                  size="small"
                  variant="secondary"
                  data-end
                  aria-describedby={rowHeader}
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (busy) return;
                    change.reset();
                    setEnding(true);
                  }}
                >
                  {t('card.end')}
                </Button>
              </span>
            )
          )}
          {change.error && !ending && !planning && (
            <p role="alert" className={`${styles.errorText} ${styles.small}`}>
              {errorText(t, change.error)}
            </p>
          )}
        </td>
      )}
    </tr>
  );
}
