import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/Button';
import { paths } from '../paths';
import styles from '../ui/console.module.css';
import { InlineConfirm, StatusNote, useFocusLater } from '../ui/Confirm';
import { errorText } from '../ui/errorText';
import { formatUnixDateTime } from '../ui/format';
import { QueryState } from '../ui/QueryState';
import { TableFrame } from '../ui/TableFrame';
import { useTitle } from '../ui/useTitle';
import { cancelMessage, engageKeys, messagesQuery, type MessageBroadcast } from './api';
import { MessageForm } from './MessageForm';
import { SurveysSection } from './SurveysSection';

const TONE: Record<MessageBroadcast['status'], string> = { sent: 'good', scheduled: 'warn', cancelled: 'bad' };

/** Messages to viewers (sent and scheduled, a scheduled one can be cancelled) and surveys. */
export default function MessagesPage() {
  const { t } = useTranslation('operator-engage');
  const { t: tc, i18n } = useTranslation('operator');
  const client = useQueryClient();
  const list = useQuery(messagesQuery());
  const [writing, setWriting] = useState(false);
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const focusLater = useFocusLater();
  useTitle(t('messages.pageTitle'));
  const lng = i18n.language;

  const cancel = useMutation({
    mutationFn: (m: MessageBroadcast) => cancelMessage(m.id),
    onSuccess: (m) => {
      setAsking(null);
      setDone(t('messages.cancelled', { title: m.title }));
      void client.invalidateQueries({ queryKey: engageKeys.messages });
    },
  });

  const audience = (m: MessageBroadcast) => {
    if (m.audience === 'packet') return t('messages.toPacket', { name: m.packet_name || `#${m.packet_id}` });
    if (m.audience === 'user')
      return (
        <Link to={paths.subscriber(m.user_id)}>{t('messages.toViewer', { id: m.user_id })}</Link>
      );
    return t('messages.audience_all');
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('messages.pageTitle')}</h1>
        {!writing && (
          <Button
            id="message-new"
            size="small"
            onClick={() => {
              setDone('');
              setWriting(true);
            }}
          >
            {t('messages.new')}
          </Button>
        )}
      </div>
      <StatusNote text={done} />
      {writing && (
        <MessageForm
          onDone={(m) => {
            setWriting(false);
            setDone(m.status === 'scheduled' ? t('messages.scheduledDone', { title: m.title }) : t('messages.sentDone', { title: m.title, count: m.recipients }));
            focusLater(() => document.getElementById('message-new'));
          }}
          onCancel={() => {
            setWriting(false);
            focusLater(() => document.getElementById('message-new'));
          }}
        />
      )}

      <section className={styles.section} aria-labelledby="messages-list">
        <h2 id="messages-list">{t('messages.listTitle')}</h2>
        {!list.data ? (
          <QueryState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className={styles.muted}>{t('messages.none')}</p>
        ) : (
          <TableFrame label={t('messages.caption')}>
            <table className={styles.table}>
              <caption>{t('messages.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('messages.title')}</th>
                  <th scope="col">{t('messages.audience')}</th>
                  <th scope="col">{t('messages.when')}</th>
                  <th scope="col">{t('messages.status')}</th>
                  <th scope="col">{t('messages.recipients')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('promo.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" id={`message-${m.id}`}>
                      {m.title}
                      <div className={`${styles.muted} ${styles.small}`}>{m.text.length > 120 ? `${m.text.slice(0, 120)}…` : m.text}</div>
                    </th>
                    <td>{audience(m)}</td>
                    <td className={styles.nowrap}>{formatUnixDateTime(m.status === 'sent' ? m.sent_at : m.send_at, lng)}</td>
                    <td>
                      <span className={styles.pill} data-tone={TONE[m.status]}>
                        {t(`messages.status_${m.status}`)}
                      </span>
                      {m.push && (
                        <span className={`${styles.muted} ${styles.small}`}>
                          {' '}
                          {t('messages.pushBadge')}
                        </span>
                      )}
                    </td>
                    <td className={styles.num}>{m.status === 'sent' ? m.recipients : tc('common.none')}</td>
                    <td>
                      {m.status === 'scheduled' &&
                        (asking === m.id ? (
                          <InlineConfirm
                            label={t('messages.cancelOf', { title: m.title })}
                            question={t('messages.confirmCancel', { title: m.title })}
                            action={t('messages.cancel')}
                            busy={cancel.isPending}
                            error={cancel.error ? errorText(tc, cancel.error) : null}
                            onConfirm={() => cancel.mutate(m)}
                            onCancel={() => setAsking(null)}
                          />
                        ) : (
                          <Button
                            size="small"
                            variant="secondary"
                            aria-describedby={`message-${m.id}`}
                            onClick={() => {
                              cancel.reset();
                              setDone('');
                              setAsking(m.id);
                            }}
                          >
                            {t('messages.cancel')}
                          </Button>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>

      <SurveysSection />
    </div>
  );
}
