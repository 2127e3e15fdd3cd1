import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Modal, Spinner } from '@/shared/ui';
import { deleteAllMessages, deleteMessage, formatMessageDate, messageKeys, messagesQuery } from './api';
import { EnvelopeIcon } from './EnvelopeIcon';
import styles from './Messages.module.css';

/** Data another area may pass to #message to show one text instead of the list. */
interface SingleMessage {
  title?: string;
  text?: string;
}

/**
 * The #message modal: the viewer's messages, newest first (title, text, date in the
 * interface language), delete one, delete all after a confirmation, an empty state.
 * Opened with data `{ title, text }` it shows that one message instead.
 */
export default function MessagesModal({ onClose, data }: HashModalProps) {
  const single = data as SingleMessage | undefined;
  if (single && (single.title || single.text)) return <SingleMessageModal message={single} onClose={onClose} />;
  return <MessageListModal onClose={onClose} />;
}

function SingleMessageModal({ message, onClose }: { message: SingleMessage; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={message.title || t('messages.title')} onClose={onClose} name="message">
      <p className={styles.text}>{message.text}</p>
    </Modal>
  );
}

function MessageListModal({ onClose }: { onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(messagesQuery(token));
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const focusAfterDelete = useRef<number | 'empty' | null>(null);

  const setList = (update: (list: Message[]) => Message[]) =>
    queryClient.setQueryData<Message[]>(messageKeys.list(token), (list) => (list ? update(list) : list));

  const removeOne = useMutation({
    mutationFn: (m: Message) => deleteMessage(m.id),
    onMutate: () => setError(null),
    onSuccess: (_, m) => {
      const list = query.data ?? [];
      const at = list.findIndex((x) => x.id === m.id);
      const next = list[at + 1] ?? list[at - 1];
      focusAfterDelete.current = next ? next.id : 'empty';
      setList((all) => all.filter((x) => x.id !== m.id));
      setStatus(t('messages.deleted'));
    },
    onError: (e) => setError(errorMessage(t, e)),
  });

  const removeAll = useMutation({
    mutationFn: deleteAllMessages,
    onMutate: () => setError(null),
    onSuccess: () => {
      focusAfterDelete.current = 'empty';
      setList(() => []);
      setStatus(t('messages.allDeleted'));
    },
    onError: (e) => setError(errorMessage(t, e)),
  });

  // Focus stays in the dialog after a deletion: on the next message, or the empty state.
  useEffect(() => {
    const target = focusAfterDelete.current;
    if (target === null) return;
    focusAfterDelete.current = null;
    if (target === 'empty') emptyRef.current?.focus();
    else listRef.current?.querySelector<HTMLElement>(`[data-message-id="${target}"] button`)?.focus();
  });

  const messages = query.data ?? [];
  const busy = removeOne.isPending || removeAll.isPending;

  return (
    <Modal title={t('messages.title')} onClose={onClose} size="md" name="message">
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <FormError message={error} />
      {query.isPending && token ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <div className={styles.empty}>
          <p role="alert">{t('messages.loadError')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('messages.retry')}
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <div className={styles.empty}>
          <span className={styles.emptyIcon} aria-hidden="true">
            <EnvelopeIcon size={40} />
          </span>
          <p ref={emptyRef} tabIndex={-1} className={styles.emptyTitle}>
            {t('messages.empty')}
          </p>
          <p className={styles.muted}>{t('messages.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ul className={styles.list} ref={listRef}>
            {messages.map((m) => (
              <li key={m.id} data-message-id={m.id} className={styles.item}>
                <article aria-labelledby={`message-${m.id}`}>
                  <header className={styles.itemHead}>
                    <h3 id={`message-${m.id}`} className={styles.itemTitle}>
                      {m.title}
                    </h3>
                    <time dateTime={m.created_at} className={styles.date}>
                      {formatMessageDate(m.created_at, i18n.language)}
                    </time>
                  </header>
                  <p className={styles.text}>{m.text}</p>
                  <Button
                    size="small"
                    variant="ghost"
                    className={styles.delete}
                    disabled={busy}
                    onClick={() => removeOne.mutate(m)}
                    aria-label={t('messages.deleteNamed', { title: m.title })}
                  >
                    {t('messages.delete')}
                  </Button>
                </article>
              </li>
            ))}
          </ul>
          <DeleteAll busy={busy} onConfirm={() => removeAll.mutate()} />
        </>
      )}
    </Modal>
  );
}

/** "Delete all" asks first; the confirmation takes focus and gives it back on cancel. */
function DeleteAll({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    // The first button of the box: "yes" while asking, "delete all" after a cancel.
    if (asking || wasAsking.current) boxRef.current?.querySelector('button')?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <div className={styles.footer} ref={boxRef}>
        <Button variant="secondary" size="small" disabled={busy} onClick={() => setAsking(true)}>
          {t('messages.deleteAll')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby="messages-confirm" ref={boxRef}>
      <p id="messages-confirm">{t('messages.confirmAll')}</p>
      <div className={styles.confirmActions}>
        <Button size="small" disabled={busy} onClick={onConfirm}>
          {t('messages.confirmAllYes')}
        </Button>
        <Button variant="secondary" size="small" onClick={() => setAsking(false)}>
          {t('messages.cancel')}
        </Button>
      </div>
    </div>
  );
}
